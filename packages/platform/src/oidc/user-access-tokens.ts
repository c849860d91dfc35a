import { GroveError } from '@grove/datasource-toolkit';
import type { RequestHandler, Response } from 'express';

import type { PlatformContext } from '../platform-context';
import { hasMcpTokenGrant } from './has-mcp-token-grant';
import { oidcProvider } from './oidc-provider-registry';
import { MCP_CLIENT_METADATA, MCP_GRANT_CLAIM, environmentOfResource } from './mcp-resource';
import { ENVIRONMENT_METADATA } from './registration-policies';
import { verifyPlatformJwt } from './verify-platform-jwt';

/**
 * The kinds of user access token the platform's OpenID provider issues, by the client they were
 * issued to (docs/platform-protocol.md#login, docs/platform-protocol.md#cli-login,
 * docs/mcp.md#token-endpoint): `device`, the device flow of a native client (the `grove-cloud`
 * CLI), no environment; `agent-login`, the code flow of an agent's client, bound to its
 * environment; `mcp`, the JWT of an MCP client for one environment, with MCP scopes.
 */
export type UserTokenKind = 'device' | 'agent-login' | 'mcp';

/** Who an access token of the platform's OpenID provider speaks for. */
export interface UserAccessToken {
  /** The client kind it was issued to: each route family states which kinds it takes. */
  readonly kind: UserTokenKind;
  readonly userId: number;
  /** The OAuth client it was issued to. */
  readonly clientId: string;
  readonly scopes: readonly string[];
  readonly expiresAt: Date;
  /** The environment of the client when it is an agent's client (or of an MCP token), else null. */
  readonly environmentId: number | null;
  /** The rendering an MCP access token works with (its `meta.renderingId`), else null. */
  readonly renderingId?: number | null;
}

/**
 * An MCP access token (an RS256 JWT the provider issued for an environment's resource
 * indicator, docs/mcp.md#token-endpoint): its client must still exist and be an MCP client.
 */
async function verifyMcpAccessToken(
  context: PlatformContext,
  token: string,
): Promise<UserAccessToken> {
  const claims = await verifyPlatformJwt(context, token, 'at+jwt');
  const environmentId = environmentOfResource(claims?.aud);
  const meta = claims?.meta as { renderingId?: unknown } | undefined;
  if (
    !claims ||
    environmentId === null ||
    typeof claims.sub !== 'string' ||
    !/^\d{1,16}$/.test(claims.sub) ||
    typeof claims.client_id !== 'string' ||
    typeof claims.scope !== 'string' ||
    typeof claims.exp !== 'number' ||
    typeof meta?.renderingId !== 'number'
  ) {
    throw unauthorized();
  }
  const provider = await oidcProvider(context);
  const client = await provider.Client.find(claims.client_id);
  if (!client || client[MCP_CLIENT_METADATA] !== true) throw unauthorized();
  // Self-contained, but only while its grant lasts: a password change, a removal from the
  // project or a demotion ends the grant (docs/decisions.md#d32-a-change-of-credentials-or-standing-ends-oauth-sessions).
  const grant = {
    grantId: claims[MCP_GRANT_CLAIM],
    accountId: claims.sub,
    clientId: client.clientId,
  };
  if (!(await hasMcpTokenGrant(context, grant))) throw unauthorized();

  return {
    kind: 'mcp',
    userId: Number(claims.sub),
    clientId: client.clientId,
    scopes: claims.scope.split(' ').filter(Boolean),
    expiresAt: new Date(claims.exp * 1000),
    environmentId,
    renderingId: meta.renderingId,
  };
}

const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

const unauthorized = () =>
  new GroveError('UnauthorizedError', 'The access token is missing, invalid or expired');

/**
 * Checks an access token issued by the platform's OpenID provider (code or device flow): it must
 * exist, be unexpired, and its grant and client must still exist (a replayed code revokes the
 * grant and with it the tokens). MCP access tokens (JWTs, docs/mcp.md#token-endpoint) are checked
 * by signature, issuer, expiry, client and grant, and carry their environment, rendering and scopes.
 * The answer names the token's {@link UserTokenKind}. Throws an `UnauthorizedError` (401) otherwise.
 *
 * @example
 * ```ts
 * const { userId, scopes } = await verifyUserAccessToken(context, req.get('forest-token') ?? '');
 * ```
 */
export async function verifyUserAccessToken(
  context: PlatformContext,
  token: string,
): Promise<UserAccessToken> {
  if (token.includes('.')) return verifyMcpAccessToken(context, token);
  if (!/^[A-Za-z0-9_-]{16,256}$/.test(token)) throw unauthorized();
  const provider = await oidcProvider(context);
  const accessToken = await provider.AccessToken.find(token);
  if (!accessToken || accessToken.isExpired || !/^\d{1,16}$/.test(accessToken.accountId ?? '')) {
    throw unauthorized();
  }
  const grant = accessToken.grantId ? await provider.Grant.find(accessToken.grantId) : undefined;
  const client = accessToken.clientId
    ? await provider.Client.find(accessToken.clientId)
    : undefined;
  // An MCP client's tokens are the JWTs of its environment; an opaque token it got straight from
  // /oidc (without an environment) speaks for nothing.
  if (!grant || grant.isExpired || !client || client[MCP_CLIENT_METADATA] === true) {
    throw unauthorized();
  }
  const environmentId = client[ENVIRONMENT_METADATA];
  // Only two kinds of client get opaque tokens: an agent's (code flow, its environment) and a
  // device-flow client's (the CLI, no environment). Anything else speaks for nothing.
  const kind: UserTokenKind | null =
    typeof environmentId === 'number'
      ? 'agent-login'
      : client.grantTypes?.includes(DEVICE_CODE_GRANT)
        ? 'device'
        : null;
  if (kind === null) throw unauthorized();

  return {
    kind,
    userId: Number(accessToken.accountId),
    clientId: client.clientId,
    scopes: [...accessToken.scopes],
    expiresAt: new Date((accessToken.exp ?? 0) * 1000),
    environmentId: kind === 'agent-login' ? (environmentId as number) : null,
  };
}

/**
 * Middleware: reads `Authorization: Bearer <access token>`, checks it with
 * {@link verifyUserAccessToken} (401 otherwise) and keeps the result for
 * {@link userAccessTokenOf}.
 *
 * @example
 * ```ts
 * router.get('/api/me', requireUserAccessToken(context), (_req, res) => {
 *   res.json({ id: userAccessTokenOf(res).userId });
 * });
 * ```
 */
export function requireUserAccessToken(context: PlatformContext): RequestHandler {
  return (req, res, next) => {
    const [scheme, token, ...rest] = (req.get('authorization') ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0) {
      next(unauthorized());

      return;
    }
    verifyUserAccessToken(context, token)
      .then(verified => {
        res.locals.userAccessToken = verified;
        next();
      })
      .catch(next);
  };
}

/** The token {@link requireUserAccessToken} verified for this request. */
export function userAccessTokenOf(res: Response): UserAccessToken {
  return res.locals.userAccessToken as UserAccessToken;
}
