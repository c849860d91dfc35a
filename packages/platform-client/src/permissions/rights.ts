import type { PlainConditionTree } from '@grove/datasource-toolkit';
import type { Right, RoleCondition } from './permission-types';

/**
 * Tells whether a role holds a right (`true`: everyone, `false`: no one, else the role list).
 *
 * @example
 * ```ts
 * hasRight({ roles: [1, 2] }, 2); // true
 * ```
 */
export function hasRight(right: Right | undefined, roleId: number): boolean {
  if (right === undefined || typeof right === 'boolean') return right === true;

  return right.roles.includes(roleId);
}

/**
 * The condition a role's right is subject to. Conditions only apply under a roles right: a
 * condition listed under `true` is ignored, as the protocol says.
 *
 * @example
 * ```ts
 * conditionFor({ roles: [2] }, [{ roleId: 2, filter }], 2); // filter
 * ```
 */
export function conditionFor(
  right: Right | undefined,
  conditions: readonly RoleCondition[] | undefined,
  roleId: number,
): PlainConditionTree | undefined {
  if (typeof right !== 'object') return undefined;

  return conditions?.find(condition => condition.roleId === roleId)?.filter;
}
