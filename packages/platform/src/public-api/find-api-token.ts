import type { ApiTokenScope, StoredApiToken, TokenOwner } from '@grove/public-api';

import type { ApiTokenRow } from '../database/models/public-api-rows';
import type { PlatformContext } from '../platform-context';
import { isProjectAdminRole } from '../services/is-project-admin-role';

/** A stored token as the public API sees it (never its hash). */
export function storedApiToken(row: ApiTokenRow, projectName: string): StoredApiToken {
  return {
    id: String(row.id),
    name: row.name,
    projectId: row.projectId,
    projectName,
    userId: row.userId,
    level: row.level,
    scopes: row.scopes as ApiTokenScope[],
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    lastUsedAt: row.lastUsedAt,
    createdAt: row.createdAt,
  };
}

/**
 * `findToken` of the store: the token whose value hashes to `hash`, revoked and expired ones
 * included (the router answers them), with its owner's standing in the token's project right now:
 * `null` when the owner is no longer a member (a deleted owner's tokens are deleted with them),
 * `isProjectAdmin` decided as the admin API decides it (the built-in Admin role).
 *
 * @example
 * ```ts
 * const found = await findApiToken(context, hashApiToken(bearer));
 * ```
 */
export async function findApiToken(
  context: PlatformContext,
  hash: string,
): Promise<{ token: StoredApiToken; owner: TokenOwner | null } | null> {
  const { models } = context.db;
  if (!/^[0-9a-f]{64}$/.test(hash)) return null;
  const row = await models.ApiToken.findOne({ where: { tokenHash: hash } });
  const project = row ? await models.Project.findByPk(row.projectId) : null;
  if (!row || !project) return null;
  const token = storedApiToken(row.get({ plain: true }), project.name);
  const [user, member] = await Promise.all([
    models.User.findByPk(row.userId),
    models.ProjectMember.findOne({ where: { projectId: row.projectId, userId: row.userId } }),
  ]);
  if (!user || !member) return { token, owner: null };
  const role = await models.Role.findByPk(member.roleId);

  return {
    token,
    owner: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      isProjectAdmin: isProjectAdminRole(role),
    },
  };
}

/**
 * `touchToken` of the store: records when a token was last used.
 *
 * @example
 * ```ts
 * await touchApiToken(context, token.id, new Date());
 * ```
 */
export async function touchApiToken(
  context: PlatformContext,
  tokenId: string,
  at: Date,
): Promise<void> {
  if (!/^[1-9]\d{0,15}$/.test(tokenId)) return;
  await context.db.models.ApiToken.update(
    { lastUsedAt: at },
    { where: { id: Number(tokenId) }, silent: true },
  );
}
