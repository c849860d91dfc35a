import type { Transaction } from 'sequelize';

import type { PlatformDatabase } from '../database/platform-database';

/**
 * How many members of a project hold its built-in Admin role: a change that would leave none
 * is refused, so that a project always has someone to administer it.
 *
 * @example
 * ```ts
 * if ((await countAdmins(db, projectId, transaction)) === 0) throw new GroveError('ConflictError', '…');
 * ```
 */
export async function countAdmins(
  db: PlatformDatabase,
  projectId: number,
  transaction: Transaction,
): Promise<number> {
  const admin = await db.models.Role.findOne({
    where: { projectId, name: 'Admin', builtIn: true },
    transaction,
  });

  return admin
    ? db.models.ProjectMember.count({ where: { projectId, roleId: admin.id }, transaction })
    : 0;
}
