import type { Transaction } from 'sequelize';

import type { PlatformDatabase } from '../database/platform-database';

/**
 * The id of a project's built-in Admin role, null if it has none (a project made by the
 * operator's own code).
 *
 * @example
 * ```ts
 * const wasAdmin = member.roleId === (await adminRoleId(db, projectId, transaction));
 * ```
 */
export async function adminRoleId(
  db: PlatformDatabase,
  projectId: number,
  transaction?: Transaction,
): Promise<number | null> {
  const admin = await db.models.Role.findOne({
    where: { projectId, name: 'Admin', builtIn: true },
    transaction,
  });

  return admin ? admin.id : null;
}
