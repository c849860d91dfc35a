import type { Request, Response } from 'express';
import { callerOf } from '../../src/http/caller';
import { hiddenClassChanges } from '@grove/datasource-toolkit/testing';

const user = {
  id: 7,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  team: 'Operations',
  role: 'Admin',
  permissionLevel: 'admin',
  renderingId: 3,
  tags: { region: 'eu' },
};

/** A request and its response as the middlewares left them (user, client address). */
function exchange(headers: Record<string, string> = {}): { request: Request; response: Response } {
  const response = {
    locals: { user, clientIp: '203.0.113.9' },
    headersSent: false,
    setHeader: jest.fn(),
    req: { socket: { remoteAddress: '127.0.0.1' } },
  };
  const request = { query: { timezone: 'Europe/Paris' }, headers };

  return { request: request as unknown as Request, response: response as unknown as Response };
}

describe('callerOf: the caller of a request', () => {
  it("is the user with the request's timezone, correlation id, address and page", () => {
    const { request, response } = exchange({
      'forest-context-url': 'https://app.example.com/shop/production/admin/data',
    });

    const caller = callerOf(request, response);

    expect(caller).toEqual({
      ...user,
      timezone: 'Europe/Paris',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      project: 'shop',
      environment: 'production',
      request: { ip: '203.0.113.9' },
    });
    expect(Object.keys(caller).slice(0, Object.keys(user).length)).toEqual(Object.keys(user));
  });

  it("never shares the user's object, which later requests of the session read", () => {
    const { request, response } = exchange();

    const caller = callerOf(request, response);

    expect(caller).not.toBe(user);
    expect(user).not.toHaveProperty('timezone');
  });

  it('keeps one hidden class, request after request (docs/style.md#hot-paths)', () => {
    expect(
      hiddenClassChanges(() => {
        const { request, response } = exchange();

        return callerOf(request, response);
      }),
    ).toBe(0);
  });
});
