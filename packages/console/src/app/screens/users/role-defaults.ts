import type { ActionRights, CollectionRights, RoleWithRights } from '../../api/admin-types';

const ALL: CollectionRights = {
  browse: true,
  read: true,
  edit: true,
  add: true,
  delete: true,
  export: true,
};
const NONE: CollectionRights = {
  browse: false,
  read: false,
  edit: false,
  add: false,
  delete: false,
  export: false,
};

// What the platform applies where a role has no row (services/built-in-roles.ts).
const DEFAULTS: Record<string, { collection: CollectionRights; trigger: boolean }> = {
  Admin: { collection: ALL, trigger: true },
  Developer: { collection: ALL, trigger: true },
  Editor: { collection: ALL, trigger: true },
  User: { collection: { ...ALL, edit: false, add: false, delete: false }, trigger: true },
};

/**
 * A role's rights on a collection: its row, or what the platform applies without one.
 *
 * @example
 * ```ts
 * collectionRightsOf(role, 'orders').browse;
 * ```
 */
export function collectionRightsOf(role: RoleWithRights, collection: string): CollectionRights {
  const row = role.collections[collection];
  if (row) return row;

  return (role.builtIn ? DEFAULTS[role.name]?.collection : undefined) ?? NONE;
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
  const trigger = role.builtIn ? (DEFAULTS[role.name]?.trigger ?? false) : false;

  return {
    trigger,
    triggerConditions: null,
    approvalRequired: false,
    approvalRequiredConditions: null,
    approve: false,
    approveConditions: null,
    selfApprove: false,
  };
}
