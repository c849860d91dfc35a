import { generateKeyPairSync } from 'node:crypto';
import { signIdToken, verifyIdToken } from '../../src/auth/id-token';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keys = [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256' }];
const expected = { issuer: 'https://platform.test/oidc', clientId: 'c1', keys, now: 1000 };
const claims = { iss: expected.issuer, aud: 'c1', sub: '12', iat: 900, exp: 2000 };

describe('id tokens', () => {
  it('verifies a token signed by signIdToken and returns its claims', async () => {
    const token = await signIdToken(claims, { privateKey, kid: 'k1' });

    await expect(verifyIdToken(token, expected)).resolves.toEqual(claims);
  });

  it.each([
    ['no exp', { ...claims, exp: undefined }, 'exp missing'],
    ['no sub', { ...claims, sub: undefined }, 'sub missing'],
    ['no iat', { ...claims, iat: undefined }, 'iat missing'],
    ['an expired token', { ...claims, exp: 999 }, 'expired'],
  ])('refuses %s', async (_case, tokenClaims, reason) => {
    const token = await signIdToken(JSON.parse(JSON.stringify(tokenClaims)), {
      privateKey,
      kid: 'k1',
    });

    await expect(verifyIdToken(token, expected)).rejects.toMatchObject({
      code: 'UnauthorizedError',
      message: `the id_token is invalid: ${reason}`,
    });
  });

  it('refuses an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const { SignJWT } = await import('jose');
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .sign(new TextEncoder().encode(JSON.stringify(keys[0])));

    await expect(verifyIdToken(forged, expected)).rejects.toMatchObject({
      code: 'UnauthorizedError',
      message: expect.stringContaining('unexpected alg'),
    });
  });
});
