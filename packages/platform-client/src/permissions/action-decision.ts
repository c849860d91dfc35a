import type { PlainConditionTree } from '@grove/datasource-toolkit';
import type { ActionPermissions, Right } from './permission-types';
import { conditionFor, hasRight } from './rights';

/**
 * Counts the records an action runs on: with no filter, the selected records (within scope);
 * with a filter, the selected records that also match it. The agent owns the data, so it counts.
 */
export type SelectionCounter = (condition?: PlainConditionTree) => Promise<number>;

/** The answer to "may this user trigger this action on these records?". */
export type ActionDecision =
  | { readonly kind: 'allowed' }
  | { readonly kind: 'forbidden' }
  | { readonly kind: 'approval-required'; readonly roleIdsAllowedToApprove: readonly number[] };

async function matchesAll(count: SelectionCounter, condition: PlainConditionTree) {
  const [total, matching] = await Promise.all([count(), count(condition)]);

  return total === matching;
}

/**
 * The roles that may approve an action on the selection: roles with the approve right and no
 * condition, plus roles whose approval condition matches every selected record. `count` should
 * ignore the caller's scope (the approvers see other records).
 *
 * @example
 * ```ts
 * const roleIds = await findApproverRoleIds(rights, [1, 2, 3], unscopedCount);
 * ```
 */
export async function findApproverRoleIds(
  action: ActionPermissions,
  allRoleIds: readonly number[],
  count: SelectionCounter,
): Promise<number[]> {
  const right: Right | undefined = action.userApprovalEnabled;
  if (right === undefined || right === false) return [];
  const candidates = right === true ? allRoleIds : right.roles;
  const allowed: number[] = [];
  for (const roleId of candidates) {
    const condition = conditionFor(right, action.userApprovalConditions, roleId);
    if (!condition || (await matchesAll(count, condition))) allowed.push(roleId);
  }

  return allowed;
}

/**
 * Decides an action trigger for one role (docs/platform-protocol.md#action-decisions): the role
 * must hold `trigger` and, under a trigger condition, every selected record must match it; then,
 * when the role requires approval (with no condition, or a condition matched by at least one
 * record), the answer names the roles that may approve.
 *
 * @example
 * ```ts
 * const decision = await decideAction(rights, 2, [1, 2], count);
 * if (decision.kind === 'approval-required') throw requiresApproval(decision);
 * ```
 */
export async function decideAction(
  action: ActionPermissions | undefined,
  roleId: number,
  allRoleIds: readonly number[],
  count: SelectionCounter,
  approverCount: SelectionCounter = count,
): Promise<ActionDecision> {
  if (!action || !hasRight(action.triggerEnabled, roleId)) return { kind: 'forbidden' };
  const trigger = conditionFor(action.triggerEnabled, action.triggerConditions, roleId);
  if (trigger && !(await matchesAll(count, trigger))) return { kind: 'forbidden' };

  if (hasRight(action.approvalRequired, roleId)) {
    const condition = conditionFor(
      action.approvalRequired,
      action.approvalRequiredConditions,
      roleId,
    );
    if (!condition || (await count(condition)) > 0) {
      return {
        kind: 'approval-required',
        roleIdsAllowedToApprove: await findApproverRoleIds(action, allRoleIds, approverCount),
      };
    }
  }

  return { kind: 'allowed' };
}

/**
 * Decides whether a role may approve a request: its own request needs `self-approve`, someone
 * else's needs `approve` and, under an approval condition, every selected record matching it.
 *
 * @example
 * ```ts
 * await decideApproval(rights, 1, { isRequester: false }, count); // true or false
 * ```
 */
export async function decideApproval(
  action: ActionPermissions | undefined,
  roleId: number,
  options: { readonly isRequester: boolean },
  count: SelectionCounter,
): Promise<boolean> {
  if (!action) return false;
  if (options.isRequester) return hasRight(action.selfApprovalEnabled, roleId);
  if (!hasRight(action.userApprovalEnabled, roleId)) return false;
  const condition = conditionFor(action.userApprovalEnabled, action.userApprovalConditions, roleId);

  return !condition || matchesAll(count, condition);
}
