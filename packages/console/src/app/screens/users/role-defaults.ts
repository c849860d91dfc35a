import type { ActionRights, CollectionRights, RoleWithRights } from '../../api/admin-types';

/**
 * A role's rights on a collection: its row, or what the platform applies without one.
 *
 * @example
 * ```ts
 * collectionRightsOf(role, 'orders').browse;
 * ```
 */
export function collectionRightsOf(role: RoleWithRights, collection: string): CollectionRights {
  return role.collections[collection] ?? role.defaults.collection;
}

/**
 * A role's rights on an action: its row, or what the platform applies without one.
 *
 * @example
 * ```ts
 * actionRightsOf(role, 'orders', 'Archive').trigger;
 * ```
 */
export function actionRightsOf(
  role: RoleWithRights,
  collection: string,
  action: string,
): ActionRights {
  const row = role.actions[collection]?.[action];
  if (row) return row;
  const { trigger, approve, selfApprove } = role.defaults;

  return {
    trigger,
    triggerConditions: null,
    approvalRequired: false,
    approvalRequiredConditions: null,
    approve,
    approveConditions: null,
    selfApprove,
  };
}
