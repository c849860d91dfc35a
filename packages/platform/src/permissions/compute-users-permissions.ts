import { Op } from 'sequelize';

import type { EnvironmentRow, PermissionLevel } from '../database/models/platform-models';
import type { PlatformDatabase } from '../database/platform-database';
import { memberStanding } from './member-standing';

/** One user of `GET /liana/v4/permissions/users` (docs/platform-protocol.md#users). */
export interface EnvironmentUser {
  id: number;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  permissionLevel: PermissionLevel;
  tags: Record<string, string>;
  roleId: number;
}

/**
 * Lists the users of an environment (docs/platform-protocol.md#users): every member of its project,
 * with the role, permission level and tags they have there, ordered by id. `tags` is a plain object here.
 *
 * @example
 * ```ts
 * const users = await computeUsersPermissions(db, environment);
 * users[0]; // { id: 1, fullName: 'Admin Grove', roleId: 1, permissionLevel: 'admin', ... }
 * ```
 */
export async function computeUsersPermissions(
  db: PlatformDatabase,
  environment: Pick<EnvironmentRow, 'projectId'>,
): Promise<EnvironmentUser[]> {
  const { models } = db;
  const members = await models.ProjectMember.findAll({
    where: { projectId: environment.projectId },
  });
  const memberOf = new Map(members.map(member => [member.userId, member]));
  const users = await models.User.findAll({
    where: { id: { [Op.in]: [...memberOf.keys()] } },
    order: [['id', 'ASC']],
  });

  return users.map(user => {
    const member = memberOf.get(user.id)!;

    return {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      fullName: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      ...memberStanding(user, member),
      roleId: member.roleId,
    };
  });
}
