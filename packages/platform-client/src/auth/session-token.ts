import { signHs256, verifyHs256 } from './hs256-jwt';
import type { Hs256Key } from './hs256-jwt';

/** Options of {@link signSessionToken}. */
export interface SignSessionTokenOptions {
  /**
   * The HS256 key: the agent's `authSecret` (or the environment secret for approvals), or bytes
   * derived from a secret (the MCP server's refresh tokens).
   */
  readonly secret: Hs256Key;
  /** Lifetime in seconds; `exp` is `iat` plus this (no `exp` when omitted). */
  readonly expiresInSeconds?: number;
  /** The `typ` header (default `JWT`): another type keeps tokens of another use apart. */
  readonly type?: string;
  /** The issue instant in seconds since the epoch (default: now). */
  readonly now?: number;
}

/** Options of {@link verifySessionToken}. */
export interface VerifySessionTokenOptions {
  /** The HS256 key the token was signed with. */
  readonly secret: Hs256Key;
  /** The `typ` header the token must have (unchecked when omitted). */
  readonly type?: string;
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
export function signSessionToken(
  claims: Readonly<Record<string, unknown>>,
  options: SignSessionTokenOptions,
): Promise<string> {
  const iat = options.now ?? Math.floor(Date.now() / 1000);

  return signHs256(claims, {
    key: options.secret,
    issuedAt: iat,
    ...(options.type === undefined ? {} : { type: options.type }),
    ...(options.expiresInSeconds === undefined
      ? {}
      : { expiresAt: iat + options.expiresInSeconds }),
  });
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
export function verifySessionToken(
  token: string,
  options: VerifySessionTokenOptions,
): Promise<SessionTokenClaims> {
  return verifyHs256(token, {
    key: options.secret,
    requiredClaims: options.requireExpiry === false ? [] : ['exp'],
    ...(options.type === undefined ? {} : { type: options.type }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
}
