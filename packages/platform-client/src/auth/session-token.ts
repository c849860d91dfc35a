import { GroveError } from '@grove/datasource-toolkit';
import { loadJose } from './load-jose';

/** Options of {@link signSessionToken}. */
export interface SignSessionTokenOptions {
  /** The HS256 key: the agent's `authSecret` (or the environment secret for approvals). */
  readonly secret: string;
  /** Lifetime in seconds; `exp` is `iat` plus this. */
  readonly expiresInSeconds: number;
  /** The issue instant in seconds since the epoch (default: now). */
  readonly now?: number;
}

/** Options of {@link verifySessionToken}. */
export interface VerifySessionTokenOptions {
  /** The HS256 key the token was signed with. */
  readonly secret: string;
  /** The current instant in seconds since the epoch (default: now). */
  readonly now?: number;
  /**
   * Whether a token without `exp` is refused (default `true`: session tokens always expire).
   * `false` only for tokens another party signs without expiry (the platform's signed approval
   * requests); an `exp` that is present is checked either way.
   */
  readonly requireExpiry?: boolean;
}

/** The claims of a verified token. */
export type SessionTokenClaims = Readonly<Record<string, unknown>>;

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * Signs an HS256 session token (the JWT an agent issues at login,
 * docs/agent-protocol.md#session-tokens): the given claims plus `iat` and `exp`, header
 * `{"alg":"HS256","typ":"JWT"}`.
 *
 * @example
 * ```ts
 * const token = await signSessionToken({ id: 1, renderingId: 1 }, { secret: authSecret, expiresInSeconds: 3600 });
 * ```
 */
export async function signSessionToken(
  claims: Readonly<Record<string, unknown>>,
  options: SignSessionTokenOptions,
): Promise<string> {
  const iat = options.now ?? Math.floor(Date.now() / 1000);
  const { SignJWT } = await loadJose();

  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + options.expiresInSeconds)
    .sign(keyOf(options.secret));
}

/**
 * Verifies an HS256 session token: the signature with the secret, the algorithm (HS256 only),
 * and a numeric `exp` in the future (a token without `exp` never verifies unless
 * `requireExpiry` is `false`).
 *
 * @returns The token's claims.
 * @throws GroveError `UnauthorizedError` `Authentication Error` (the reason is in `cause`) when
 *   the token is malformed, forged, expired or has no numeric `exp`.
 *
 * @example
 * ```ts
 * const claims = await verifySessionToken(token, { secret: authSecret });
 * claims.id; // 1
 * ```
 */
export async function verifySessionToken(
  token: string,
  options: VerifySessionTokenOptions,
): Promise<SessionTokenClaims> {
  const { jwtVerify } = await loadJose();
  try {
    const { payload } = await jwtVerify(token, keyOf(options.secret), {
      algorithms: ['HS256'],
      requiredClaims: options.requireExpiry === false ? [] : ['exp'],
      ...(options.now === undefined ? {} : { currentDate: new Date(options.now * 1000) }),
    });

    return payload;
  } catch (cause) {
    throw new GroveError('UnauthorizedError', 'Authentication Error', { cause });
  }
}
