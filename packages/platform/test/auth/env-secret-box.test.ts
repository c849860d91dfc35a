import { randomBytes } from 'node:crypto';

import {
  createEnvSecretBox,
  generateEnvSecret,
  hashEnvSecret,
  signApprovalRequest,
} from '../../src';
import { verifySessionToken } from '@grove/platform-client';

describe('createEnvSecretBox', () => {
  const key = randomBytes(32).toString('hex');
  const box = createEnvSecretBox(key, 'option');
  const secret = generateEnvSecret();

  it('opens what it sealed, with a new IV each time', () => {
    const sealed = box.seal(secret);

    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(box.seal(secret)).not.toBe(sealed);
    expect(box.open(sealed, hashEnvSecret(secret))).toBe(secret);
  });

  it('refuses another key, another hash, a tampered or malformed ciphertext', () => {
    const sealed = box.seal(secret);
    const other = createEnvSecretBox(randomBytes(32).toString('hex'), 'option');
    const [version, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;

    expect(() => other.open(sealed, hashEnvSecret(secret))).toThrow();
    expect(() => box.open(sealed, hashEnvSecret(generateEnvSecret()))).toThrow();
    expect(() =>
      box.open([version, iv, tag, flipped.toString('base64url')].join('.'), hashEnvSecret(secret)),
    ).toThrow();
    expect(() => box.open('v2.a.b.c', hashEnvSecret(secret))).toThrow();
    expect(() => box.open('garbage', hashEnvSecret(secret))).toThrow();
  });

  it.each(['', 'short', 'A'.repeat(64), 'g'.repeat(64)])('refuses the key %p', bad => {
    expect(() => createEnvSecretBox(bad, 'option')).toThrow('64 lower-case hex characters');
  });
});

describe('signApprovalRequest', () => {
  it('signs HS256 with the env secret, with iat and an exp one hour later', async () => {
    const secret = generateEnvSecret();
    const jwt = await signApprovalRequest(
      { data: { attributes: { requester_id: 7 } } },
      secret,
      1_000,
    );
    const [header] = jwt.split('.');

    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    const fresh = await signApprovalRequest({ data: { attributes: { requester_id: 7 } } }, secret);
    await expect(verifySessionToken(fresh, { secret })).resolves.toMatchObject({
      data: { attributes: { requester_id: 7 } },
      exp: expect.any(Number),
    });
    // Expired (signed at t=1000 s).
    await expect(verifySessionToken(jwt, { secret, requireExpiry: false })).rejects.toThrow();
  });
});
