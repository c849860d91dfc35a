import { GroveError } from '@grove/datasource-toolkit';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';

import type { McpPlatform } from '../platform/mcp-platform';
import { MCP_SCOPES } from './mcp-caller';
import type { McpAccessTokenVerifier, McpScope } from './mcp-caller';

/** Options of {@link createAccessTokenVerifier}. */
export interface AccessTokenVerifierOptions {
  readonly platform: McpPlatform;
  readonly environmentId: number;
  /** Tokens issued longer ago than this are refused (the `tokenTtl` access cap). */
  readonly maxAgeSeconds?: number;
}

const invalid = (message: string, cause?: unknown) =>
  new GroveError('UnauthorizedError', message, cause === undefined ? {} : { cause });

/**
 * The verifier of `/mcp` bearer tokens: the platform's RS256 access JWTs (`typ` `at+jwt`),
 * signature by the platform's JWKS (`/oidc/jwks`, fetched and cached by `jose`), issuer the
 * platform's `/oidc`, audience `urn:grove:environment:<id>` of this environment, expiry, then the
 * user's email from the platform's user info. Agent session tokens (HS256) never verify.
 *
 * @example
 * ```ts
 * const verify = createAccessTokenVerifier({ platform, environmentId: 3 });
 * const caller = await verify(bearer);
 * ```
 */
export function createAccessTokenVerifier(
  options: AccessTokenVerifierOptions,
): McpAccessTokenVerifier {
  const { platform, environmentId, maxAgeSeconds } = options;
  const jwks = createRemoteJWKSet(new URL(platform.url('/oidc/jwks')));
  const issuer = platform.url('/oidc').replace(/\/$/, '');

  return async token => {
    if (token.length > 8192) throw invalid('The access token is too long');
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, jwks, {
        algorithms: ['RS256'],
        typ: 'at+jwt',
        issuer,
        audience: `urn:grove:environment:${environmentId}`,
        requiredClaims: ['exp', 'sub', 'scope'],
        ...(maxAgeSeconds === undefined ? {} : { maxTokenAge: maxAgeSeconds }),
      }));
    } catch (cause) {
      throw invalid('The access token is invalid or expired', cause);
    }
    const meta = claims.meta as { renderingId?: unknown } | undefined;
    const userId = Number(claims.sub);
    const renderingId = meta?.renderingId;
    if (
      !Number.isSafeInteger(userId) ||
      typeof renderingId !== 'number' ||
      typeof claims.scope !== 'string'
    ) {
      throw invalid('The access token does not name a user and a rendering');
    }
    const scopes = claims.scope
      .split(' ')
      .filter((scope): scope is McpScope => (MCP_SCOPES as readonly string[]).includes(scope));
    const user = await platform.userInfo(renderingId, token);
    if (user.id !== userId) throw invalid('The access token does not match its user');

    return {
      userId,
      email: user.email,
      renderingId,
      environmentId,
      scopes,
      accessToken: token,
      expiresAt: claims.exp as number,
    };
  };
}
