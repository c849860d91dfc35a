import { SignJWT, importJWK } from 'jose';
import type { KeyLike } from 'jose';

import type { PlatformContext } from '../platform-context';
import { loadOidcKeys } from './oidc-keys';
import { OIDC_PATH } from './create-oidc-provider';
import { verifyPlatformJwt } from './verify-platform-jwt';

/** The JWT type of the refresh tokens given to MCP servers. */
const REFRESH_TYPE = 'grove-mcp-refresh+jwt';

async function signingKey(context: PlatformContext): Promise<{ kid: string; key: KeyLike }> {
  const { jwks } = await loadOidcKeys(context.db);
  const jwk = jwks.keys[0]!;

  return { kid: jwk.kid!, key: (await importJWK({ ...jwk, kty: 'RSA' }, 'RS256')) as KeyLike };
}

/**
 * Wraps one of the provider's (opaque) refresh tokens in an RS256 JWT carrying its `exp`, as the
 * vendor MCP server decodes the refresh token it is given (docs/mcp.md#token-endpoint; it never
 * verifies it). Signed with the platform's first OpenID signing key, so that only the platform
 * makes them.
 *
 * @example
 * ```ts
 * const jwt = await wrapMcpRefreshToken(context, { token: 'opaque', clientId, expiresAt: 1760000000 });
 * ```
 */
export async function wrapMcpRefreshToken(
  context: PlatformContext,
  input: { token: string; clientId: string; expiresAt: number },
): Promise<string> {
  const { kid, key } = await signingKey(context);

  return new SignJWT({ rt: input.token, client_id: input.clientId })
    .setProtectedHeader({ alg: 'RS256', kid, typ: REFRESH_TYPE })
    .setIssuer(`${context.publicUrl}${OIDC_PATH}`)
    .setIssuedAt()
    .setExpirationTime(input.expiresAt)
    .sign(key);
}

/**
 * The provider's refresh token inside a JWT made by {@link wrapMcpRefreshToken}, with the client
 * it was issued to; null for anything else (bad signature, expired, another type of JWT).
 *
 * @example
 * ```ts
 * const inner = await unwrapMcpRefreshToken(context, body.refresh_token);
 * if (!inner) throw invalidGrant('Invalid refresh token');
 * ```
 */
export async function unwrapMcpRefreshToken(
  context: PlatformContext,
  jwt: string,
): Promise<{ token: string; clientId: string } | null> {
  const payload = await verifyPlatformJwt(context, jwt, REFRESH_TYPE);
  if (typeof payload?.rt !== 'string' || typeof payload.client_id !== 'string') return null;

  return { token: payload.rt, clientId: payload.client_id };
}
