import type { JsonWebKey } from 'node:crypto';
import { GroveError } from '@grove/datasource-toolkit';
import type { JSONWebKeySet, JWK, JWTPayload, KeyLike } from 'jose';
import { loadJose, type Jose } from './load-jose';

/** What an id token must satisfy. */
export interface IdTokenExpectations {
  readonly issuer: string;
  readonly clientId: string;
  /** The platform's JWKS (`keys` of its `jwks_uri`, or `KeyObject.export({ format: 'jwk' })`). */
  readonly keys: readonly (JWK | JsonWebKey)[];
  /** Seconds since the epoch (default: now). */
  readonly now?: number;
}

/** Options of {@link signIdToken}. */
export interface SignIdTokenOptions {
  /** The RSA private key (a `KeyObject` from `generateKeyPairSync('rsa', …)`, or a JWK). */
  readonly privateKey: KeyLike | JWK;
  /** The key id written in the header, matched against the JWKS `kid`. */
  readonly kid?: string;
}

function fail(reason: string, cause?: unknown): never {
  throw new GroveError('UnauthorizedError', `the id_token is invalid: ${reason}`, { cause });
}

/** Says why jose refused a token, in the words the login errors have always used. */
function reasonOf(
  error: unknown,
  expected: IdTokenExpectations,
  kid: unknown,
  errors: Jose['errors'],
): string {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return `iss is not ${expected.issuer}`;
    if (error.claim === 'aud') return `aud is not ${expected.clientId}`;
    return `${error.claim} ${error.reason === 'missing' ? 'missing' : 'invalid'}`;
  }
  if (error instanceof errors.JWKSNoMatchingKey) return `no key ${String(kid)} in the JWKS`;
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'bad signature';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'unexpected alg (RS256 expected)';

  return error instanceof Error ? error.message : String(error);
}

function headerKid(token: string): unknown {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'));

    return (header as { kid?: unknown } | null)?.kid;
  } catch {
    return undefined;
  }
}

/**
 * Verifies an RS256 id token from the platform's token endpoint: signature against the JWKS,
 * `iss`, `aud`, a numeric `exp` in the future, and presence of `sub` and `iat`. Returns the
 * claims.
 *
 * @throws GroveError `UnauthorizedError` `the id_token is invalid: <reason>`.
 *
 * @example
 * ```ts
 * const claims = await verifyIdToken(tokens.id_token, { issuer, clientId, keys: jwks.keys });
 * ```
 */
export async function verifyIdToken(
  token: string,
  expected: IdTokenExpectations,
): Promise<JWTPayload> {
  const jwks: JSONWebKeySet = { keys: expected.keys as JWK[] };
  const { createLocalJWKSet, errors, jwtVerify } = await loadJose();
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      algorithms: ['RS256'],
      issuer: expected.issuer,
      audience: expected.clientId,
      requiredClaims: ['exp', 'sub', 'iat'],
      ...(expected.now === undefined ? {} : { currentDate: new Date(expected.now * 1000) }),
    });

    return payload;
  } catch (cause) {
    fail(reasonOf(cause, expected, headerKid(token), errors), cause);
  }
}

/**
 * Signs an RS256 id token, as the platform's token endpoint does (and test platforms must).
 *
 * @example
 * ```ts
 * const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
 * const idToken = await signIdToken({ iss, aud: clientId, sub: '12', iat, exp }, { privateKey, kid: 'k1' });
 * ```
 */
export async function signIdToken(
  claims: Readonly<Record<string, unknown>>,
  options: SignIdTokenOptions,
): Promise<string> {
  const { SignJWT } = await loadJose();

  return new SignJWT({ ...claims })
    .setProtectedHeader({
      alg: 'RS256',
      ...(options.kid === undefined ? {} : { kid: options.kid }),
    })
    .sign(options.privateKey);
}
