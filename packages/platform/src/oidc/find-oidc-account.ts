import type { Account } from 'oidc-provider';

import type { PlatformDatabase } from '../database/platform-database';

/**
 * The provider's view of a user (`sub` is the user id as text): the claims of the scopes
 * `openid`, `email` and `profile`. Undefined for a user that no longer exists.
 *
 * @example
 * ```ts
 * new Provider(issuer, { findAccount: (_ctx, sub) => findOidcAccount(db, sub) });
 * ```
 */
export async function findOidcAccount(
  db: PlatformDatabase,
  sub: string,
): Promise<Account | undefined> {
  if (!/^[1-9]\d{0,15}$/.test(sub)) return undefined;
  const user = await db.models.User.findByPk(Number(sub));
  if (!user) return undefined;

  return {
    accountId: sub,
    claims: () => ({
      sub,
      email: user.email,
      name: `${user.firstName} ${user.lastName}`.trim(),
      given_name: user.firstName,
      family_name: user.lastName,
    }),
  };
}
