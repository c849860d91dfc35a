import { GroveError } from '@grove/datasource-toolkit';
import type { Request } from 'express';

import { verifyUserAccessToken } from '../oidc/user-access-tokens';
import type { PlatformContext } from '../platform-context';

/** The user an `Authorization: Bearer <user access token>` speaks for. */
export interface BearerUser {
  readonly id: number;
  readonly email: string;
  /** The environment of the agent the token was issued to, or null (not an agent's client). */
  readonly tokenEnvironmentId: number | null;
}

/**
 * Reads `Authorization: Bearer <access token>`, verifies it with the OpenID provider
 * (`verifyUserAccessToken`) and loads its user. Throws a 401 `UnauthorizedError` for a missing,
 * malformed, unknown or expired token, or a user deleted since.
 *
 * @example
 * ```ts
 * const user = await bearerUser(context, req);
 * ```
 */
export async function bearerUser(context: PlatformContext, req: Request): Promise<BearerUser> {
  const [scheme, token, ...rest] = (req.get('authorization') ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0) {
    throw new GroveError('UnauthorizedError', 'The access token is missing, invalid or expired');
  }
  const verified = await verifyUserAccessToken(context, token);
  const user = await context.db.models.User.findByPk(verified.userId);
  if (!user)
    throw new GroveError('UnauthorizedError', 'The access token is missing, invalid or expired');

  return { id: user.id, email: user.email, tokenEnvironmentId: verified.environmentId };
}
