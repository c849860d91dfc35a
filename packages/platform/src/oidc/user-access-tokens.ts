import { GroveError } from '@grove/datasource-toolkit';
import type { RequestHandler, Response } from 'express';

import type { PlatformContext } from '../platform-context';
import { oidcProvider } from './oidc-provider-registry';
import { ENVIRONMENT_METADATA } from './registration-policies';

/** Who an access token of the platform's OpenID provider speaks for. */
export interface UserAccessToken {
  readonly userId: number;
  /** The OAuth client it was issued to. */
  readonly clientId: string;
  readonly scopes: readonly string[];
  readonly expiresAt: Date;
  /** The environment of the client when it is an agent's client, else null. */
  readonly environmentId: number | null;
}

const unauthorized = () =>
  new GroveError('UnauthorizedError', 'The access token is missing, invalid or expired');

/**
 * Checks an access token issued by the platform's OpenID provider (code or device flow): it must
 * exist, be unexpired, and its grant and client must still exist (a replayed code revokes the
 * grant and with it the tokens). Throws an `UnauthorizedError` (401) otherwise.
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
  if (!grant || grant.isExpired || !client) throw unauthorized();
  const environmentId = client[ENVIRONMENT_METADATA];

  return {
    userId: Number(accessToken.accountId),
    clientId: client.clientId,
    scopes: [...accessToken.scopes],
    expiresAt: new Date((accessToken.exp ?? 0) * 1000),
    environmentId: typeof environmentId === 'number' ? environmentId : null,
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
