import { GroveError } from '@grove/datasource-toolkit';
import type { Request } from 'express';

import { verifyUserAccessToken } from '../oidc/user-access-tokens';
import type { UserTokenKind } from '../oidc/user-access-tokens';
import type { PlatformContext } from '../platform-context';
import { assertTokenKind } from './route-token-kinds';
import type { UserTokenRouteFamily } from './route-token-kinds';

/** The user an `Authorization: Bearer <user access token>` speaks for. */
export interface BearerUser {
  readonly id: number;
  readonly email: string;
  /** The environment of the agent the token was issued to, or null (not an agent's client). */
  readonly tokenEnvironmentId: number | null;
  /** The kind of the token (the client it was issued to). */
  readonly tokenKind: UserTokenKind;
}

/**
 * Reads `Authorization: Bearer <access token>`, verifies it with the OpenID provider
 * (`verifyUserAccessToken`), checks that the route family takes its kind and scope
 * (`assertTokenKind`, 403) and loads its user. Throws a 401 `UnauthorizedError` for a missing,
 * malformed, unknown or expired token, or a user deleted since.
 *
 * @example
 * ```ts
 * const user = await bearerUser(context, req, 'approval-review');
 * ```
 */
export async function bearerUser(
  context: PlatformContext,
  req: Request,
  family: UserTokenRouteFamily,
): Promise<BearerUser> {
  const [scheme, token, ...rest] = (req.get('authorization') ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0) {
    throw new GroveError('UnauthorizedError', 'The access token is missing, invalid or expired');
  }
  const verified = await verifyUserAccessToken(context, token);
  assertTokenKind(verified, family);
  const user = await context.db.models.User.findByPk(verified.userId);
  if (!user)
    throw new GroveError('UnauthorizedError', 'The access token is missing, invalid or expired');

  return {
    id: user.id,
    email: user.email,
    tokenEnvironmentId: verified.environmentId,
    tokenKind: verified.kind,
  };
}
