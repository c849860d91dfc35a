import { GroveError } from '@grove/datasource-toolkit';
import { loadJose } from './load-jose';

/** An HS256 key: a secret's UTF-8 bytes, or bytes derived from one. */
export type Hs256Key = string | Uint8Array;

/** Options of {@link signHs256}. */
export interface SignHs256Options {
  readonly key: Hs256Key;
  /** The `typ` header (default `JWT`). */
  readonly type?: string;
  readonly audience?: string;
  /** `iat`, in seconds since the epoch. */
  readonly issuedAt: number;
  /** `exp`, in seconds since the epoch; none when omitted. */
  readonly expiresAt?: number;
}

/** Options of {@link verifyHs256}. */
export interface VerifyHs256Options {
  readonly key: Hs256Key;
  /** The `typ` header the token must have (unchecked when omitted). */
  readonly type?: string;
  /** The `aud` the token must have (unchecked when omitted). */
  readonly audience?: string;
  /** Claims the token must carry (`exp` to refuse tokens that never expire). */
  readonly requiredClaims?: readonly string[];
  /** The current instant in seconds since the epoch (default: now). */
  readonly now?: number;
}

function keyOf(key: Hs256Key): Uint8Array {
  return typeof key === 'string' ? new TextEncoder().encode(key) : key;
}

/**
 * Signs an HS256 JWT: the one HS256 signer of Grove (session, delegated, approval and MCP
 * session tokens all go through it, on `jose`).
 *
 * @example
 * ```ts
 * const token = await signHs256({ id: 1 }, { key: secret, issuedAt: now, expiresAt: now + 3600 });
 * ```
 */
export async function signHs256(
  claims: Readonly<Record<string, unknown>>,
  options: SignHs256Options,
): Promise<string> {
  const { SignJWT } = await loadJose();
  let jwt = new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: options.type ?? 'JWT' })
    .setIssuedAt(options.issuedAt);
  if (options.audience !== undefined) jwt = jwt.setAudience(options.audience);
  if (options.expiresAt !== undefined) jwt = jwt.setExpirationTime(options.expiresAt);

  return jwt.sign(keyOf(options.key));
}

/**
 * Verifies an HS256 JWT: the signature, the algorithm (HS256 only), `exp` and `nbf` when
 * present, and the `typ`, `aud` and required claims asked for: the one HS256 verifier of Grove.
 *
 * @returns The token's claims.
 * @throws GroveError `UnauthorizedError` `Authentication Error`, the reason (a `jose` error with
 *   its `code`, e.g. `ERR_JWT_EXPIRED`) in `cause`.
 *
 * @example
 * ```ts
 * const claims = await verifyHs256(token, { key: secret, requiredClaims: ['exp'] });
 * ```
 */
export async function verifyHs256(
  token: string,
  options: VerifyHs256Options,
): Promise<Readonly<Record<string, unknown>>> {
  const { jwtVerify } = await loadJose();
  try {
    const { payload } = await jwtVerify(token, keyOf(options.key), {
      algorithms: ['HS256'],
      ...(options.type === undefined ? {} : { typ: options.type }),
      ...(options.audience === undefined ? {} : { audience: options.audience }),
      requiredClaims: [...(options.requiredClaims ?? [])],
      ...(options.now === undefined ? {} : { currentDate: new Date(options.now * 1000) }),
    });

    return payload;
  } catch (cause) {
    throw new GroveError('UnauthorizedError', 'Authentication Error', { cause });
  }
}
