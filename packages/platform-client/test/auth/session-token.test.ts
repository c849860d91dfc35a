import { createHmac } from 'node:crypto';
import { signSessionToken, verifySessionToken } from '../../src';

const secret = 'a-session-secret-of-at-least-32-chars';
const now = 1_767_225_600;

/** A token signed by hand, to send what jose itself would never produce. */
function handMade(header: object, payload: object, key = secret): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode(header)}.${encode(payload)}`;

  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
}

describe('session tokens', () => {
  it('signs with a typ of its own and a derived key, and verifies only that typ', async () => {
    const key = createHmac('sha256', secret).update('grove-mcp-session').digest();
    const token = await signSessionToken(
      { rt: 'r' },
      { secret: key, type: 'grove-mcp-session+jwt', now },
    );
    const [header = '', payload = ''] = token.split('.');

    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'grove-mcp-session+jwt',
    });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({ rt: 'r', iat: now });
    await expect(
      verifySessionToken(token, {
        secret: key,
        type: 'grove-mcp-session+jwt',
        requireExpiry: false,
      }),
    ).resolves.toMatchObject({ rt: 'r' });
    await expect(
      verifySessionToken(token, { secret: key, type: 'JWT', requireExpiry: false }),
    ).rejects.toMatchObject({ code: 'UnauthorizedError' });
    await expect(
      verifySessionToken(token, { secret, type: 'grove-mcp-session+jwt', requireExpiry: false }),
    ).rejects.toMatchObject({ code: 'UnauthorizedError' });
  });

  it('signs HS256 with iat and exp, and verifies to the same claims', async () => {
    const token = await signSessionToken(
      { id: 1, renderingId: 2, tags: { a: 'b' } },
      { secret, expiresInSeconds: 3600, now },
    );
    const [header = '', payload = ''] = token.split('.');

    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({
      id: 1,
      renderingId: 2,
      tags: { a: 'b' },
      iat: now,
      exp: now + 3600,
    });
    await expect(verifySessionToken(token, { secret, now: now + 10 })).resolves.toEqual({
      id: 1,
      renderingId: 2,
      tags: { a: 'b' },
      iat: now,
      exp: now + 3600,
    });
  });

  it.each([
    ['an expired token', handMade({ alg: 'HS256' }, { id: 1, exp: now - 1 })],
    ['a token without exp', handMade({ alg: 'HS256' }, { id: 1 })],
    ['a token with a string exp', handMade({ alg: 'HS256' }, { id: 1, exp: String(now + 60) })],
    ['another secret', handMade({ alg: 'HS256' }, { id: 1, exp: now + 60 }, 'x'.repeat(32))],
    [
      'alg none',
      `${handMade({ alg: 'none' }, { id: 1, exp: now + 60 })
        .split('.')
        .slice(0, 2)
        .join('.')}.`,
    ],
    ['another alg', handMade({ alg: 'HS512' }, { id: 1, exp: now + 60 })],
    ['not a JWT', 'abc'],
    ['a payload that is not JSON', `${handMade({ alg: 'HS256' }, {}).split('.')[0]}.%%%.x`],
  ])('refuses %s with UnauthorizedError Authentication Error', async (_case, token) => {
    await expect(verifySessionToken(token, { secret, now })).rejects.toMatchObject({
      code: 'UnauthorizedError',
      message: 'Authentication Error',
    });
  });

  it('accepts a token without exp only when requireExpiry is false', async () => {
    const token = handMade({ alg: 'HS256' }, { data: 1 });

    await expect(verifySessionToken(token, { secret, now, requireExpiry: false })).resolves.toEqual(
      { data: 1 },
    );
    await expect(
      verifySessionToken(handMade({ alg: 'HS256' }, { exp: now - 1 }), {
        secret,
        now,
        requireExpiry: false,
      }),
    ).rejects.toMatchObject({ code: 'UnauthorizedError' });
  });
});
