import type { RoleRow } from '../database/models/platform-models';

/**
 * Tells whether a member's role makes them an Admin of the project: the built-in role `Admin`
 * (a custom role named "Admin" does not). The one rule of the admin API and of API tokens.
 *
 * @example
 * ```ts
 * if (!isProjectAdminRole(await models.Role.findByPk(member.roleId))) throw new ForbiddenError('…');
 * ```
 */
export function isProjectAdminRole(role: Pick<RoleRow, 'builtIn' | 'name'> | null): boolean {
  return role !== null && role.builtIn && role.name === 'Admin';
}
