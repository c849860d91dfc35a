import { signSessionToken } from '@grove/platform-client';
import type { Request, Response } from 'express';
import { authenticate } from '../../../src/http/middlewares/authenticate';

const secret = 'a-secret-of-the-tests-32-characters!';
const claims = {
  id: 7,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  team: 'Ops',
  role: 'Admin',
  permissionLevel: 'admin',
  renderingId: 3,
  tags: {},
};

/** Runs the middleware on a bearer token; resolves with the user set, or the error passed on. */
function run(
  middleware: ReturnType<typeof authenticate>,
  token: string,
): Promise<{ user?: unknown; error?: unknown }> {
  const request = { headers: { authorization: `Bearer ${token}` } } as unknown as Request;
  const response = { locals: {} } as unknown as Response;

  return new Promise(resolve => {
    middleware(request, response, (error?: unknown) =>
      resolve(error ? { error } : { user: (response.locals as { user?: unknown }).user }),
    );
  });
}

describe('authenticate', () => {
  afterEach(() => jest.useRealTimers());

  it('answers the same user for a token seen again', async () => {
    const middleware = authenticate(secret);
    const token = await signSessionToken(claims, { secret, expiresInSeconds: 60 });
    const first = await run(middleware, token);
    const second = await run(middleware, token);

    expect(first.user).toEqual(expect.objectContaining({ id: 7, email: 'ada@example.com' }));
    expect(second.user).toBe(first.user);
  });

  it('refuses a remembered token once it has expired', async () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const middleware = authenticate(secret);
    const token = await signSessionToken(claims, { secret, expiresInSeconds: 60 });
    expect((await run(middleware, token)).user).toBeDefined();
    jest.setSystemTime(new Date('2026-01-01T00:01:00Z'));

    expect((await run(middleware, token)).error).toEqual(
      expect.objectContaining({ code: 'UnauthorizedError', message: 'Authentication Error' }),
    );
  });

  it('does not remember a token it refused', async () => {
    const middleware = authenticate(secret);
    const forged = await signSessionToken(claims, {
      secret: 'another-secret-of-32-characters!!',
      expiresInSeconds: 60,
    });

    expect((await run(middleware, forged)).error).toBeDefined();
    expect((await run(middleware, forged)).error).toBeDefined();
  });
});
