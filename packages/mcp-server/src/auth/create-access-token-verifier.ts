import { GroveError } from '@grove/datasource-toolkit';
import { ExpiringCache } from '@grove/platform-client';
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
  /** How many verified tokens are remembered (default 1000). */
  readonly verifiedTokensCapacity?: number;
  /** The clock of the verified tokens' cache, in seconds since the epoch (tests pass their own). */
  readonly now?: () => number;
}

/** What a verified access token says, remembered by the token's text. */
interface VerifiedAccessToken {
  readonly userId: number;
  readonly renderingId: number;
  readonly scopes: readonly McpScope[];
  readonly expiresAt: number;
}

const invalid = (message: string, cause?: unknown) =>
  new GroveError('UnauthorizedError', message, cause === undefined ? {} : { cause });

/**
 * The verifier of `/mcp` bearer tokens: the platform's RS256 access JWTs (`typ` `at+jwt`),
 * signature by the platform's JWKS (`/oidc/jwks`, fetched and cached by `jose`), issuer the
 * platform's `/oidc`, audience `urn:grove:environment:<id>` of this environment, expiry, the
 * `mcp:read` scope (a `ForbiddenError` without it), then the user's email from the platform's
 * user info. Agent session tokens (HS256) never verify.
 *
 * A token whose signature and claims verified is remembered by its whole text (1000 tokens at
 * most) until its `exp`, or until `maxAgeSeconds` after its `iat` when that comes first: a client
 * sends the same token with every call, and the RS256 check costs more than the call around it.
 * The user info (the platform's answer for this token, cached a minute) and the check that it
 * names the token's user run on every call, as before.
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

  const verified = new ExpiringCache<VerifiedAccessToken>(
    options.verifiedTokensCapacity ?? 1000,
    options.now,
  );

  const verifySignature = async (token: string): Promise<VerifiedAccessToken> => {
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
    const expiresAt = claims.exp as number;
    // jose refuses a token once `now - iat > maxTokenAge`: the cache lets it go a second earlier.
    const until =
      maxAgeSeconds !== undefined && typeof claims.iat === 'number'
        ? Math.min(expiresAt, claims.iat + maxAgeSeconds)
        : expiresAt;
    const result = { userId, renderingId, scopes, expiresAt };
    verified.set(token, result, until);

    return result;
  };

  return async token => {
    if (token.length > 8192) throw invalid('The access token is too long');
    const { userId, renderingId, scopes, expiresAt } =
      verified.get(token) ?? (await verifySignature(token));
    // The platform's user info takes an MCP token only with mcp:read (its credential table): a
    // token without it is refused here, as a scope the client lacks, before asking for the user.
    if (!scopes.includes('mcp:read')) {
      throw new GroveError('ForbiddenError', 'The access token lacks the mcp:read scope');
    }
    const user = await platform.userInfo(renderingId, token);
    if (user.id !== userId) throw invalid('The access token does not match its user');

    return {
      userId,
      email: user.email,
      renderingId,
      environmentId,
      scopes,
      accessToken: token,
      expiresAt,
    };
  };
}
