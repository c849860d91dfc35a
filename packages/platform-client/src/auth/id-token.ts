import { createPublicKey, verify } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import { GroveError } from '@grove/datasource-toolkit';

/** What an id token must satisfy. */
export interface IdTokenExpectations {
  readonly issuer: string;
  readonly clientId: string;
  readonly keys: readonly (JsonWebKey & { kid?: string })[];
  /** Seconds since the epoch (default: now). */
  readonly now?: number;
}

function decodePart(part: string | undefined): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
  } catch (cause) {
    throw new GroveError('UnauthorizedError', 'the id_token is not a JWT', { cause });
  }
}

function fail(reason: string): never {
  throw new GroveError('UnauthorizedError', `the id_token is invalid: ${reason}`);
}

/**
 * Verifies an RS256 id token from the platform's token endpoint: signature against the JWKS,
 * `iss`, `aud`, `exp`, and presence of `sub` and `iat`. Returns the claims.
 *
 * @example
 * ```ts
 * const claims = verifyIdToken(tokens.id_token, { issuer, clientId, keys: jwks.keys });
 * ```
 */
export function verifyIdToken(token: string, expected: IdTokenExpectations) {
  const [header, payload, signature] = token.split('.');
  const { alg, kid } = decodePart(header);
  const claims = decodePart(payload);
  if (alg !== 'RS256') fail(`unexpected alg ${String(alg)}`);
  const jwk = expected.keys.find(key => kid === undefined || key.kid === kid);
  if (!jwk) fail(`no key ${String(kid)} in the JWKS`);
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  const signed = Buffer.from(`${header}.${payload}`);
  if (!verify('RSA-SHA256', signed, key, Buffer.from(signature ?? '', 'base64url'))) {
    fail('bad signature');
  }

  const now = expected.now ?? Math.floor(Date.now() / 1000);
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== expected.issuer) fail(`iss is not ${expected.issuer}`);
  if (!audiences.includes(expected.clientId)) fail(`aud is not ${expected.clientId}`);
  if (typeof claims.exp !== 'number' || claims.exp <= now) fail('expired');
  if (claims.sub === undefined || claims.iat === undefined) fail('sub or iat missing');

  return claims;
}
