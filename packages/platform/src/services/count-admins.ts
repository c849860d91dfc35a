import type { Transaction } from 'sequelize';

import type { PlatformDatabase } from '../database/platform-database';
import { adminRoleId } from './admin-role-id';

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
  const roleId = await adminRoleId(db, projectId, transaction);

  return roleId === null
    ? 0
    : db.models.ProjectMember.count({ where: { projectId, roleId }, transaction });
}
