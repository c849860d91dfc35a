import type {
  ActionPermissionOverride,
  PermissionConditionTree,
  PermissionOverride,
} from './permission-override';
import type { SandboxSchema } from './sandbox-schema';
import { sandboxUser } from './sandbox-user';

/** A right as the agent reads it: everyone, no one, or a list of role ids. */
export type Right = boolean | { readonly roles: readonly number[] };

/** One condition of an action right: a role and the records filter it applies to. */
export interface RightCondition {
  readonly roleId: number;
  readonly filter: PermissionConditionTree;
}

const collectionRights = [
  'browseEnabled',
  'readEnabled',
  'editEnabled',
  'addEnabled',
  'deleteEnabled',
  'exportEnabled',
] as const;

/**
 * Action rights are always role lists, never `true`/`false`: the vendor agent reads the
 * conditions of approval rights from its per-role table and fails (500) on a boolean right.
 */
function actionRight(enabled: boolean): Right {
  return { roles: enabled ? [sandboxUser.roleId] : [] };
}

function conditions(condition: PermissionConditionTree | undefined): RightCondition[] {
  return condition === undefined ? [] : [{ roleId: sandboxUser.roleId, filter: condition }];
}

function actionRights(override: ActionPermissionOverride = {}): Record<string, unknown> {
  const approval = override.approvalRequired ?? override.approvalRequiredConditions !== undefined;

  return {
    triggerEnabled: actionRight(override.triggerEnabled ?? true),
    triggerConditions: conditions(override.triggerConditions),
    approvalRequired: actionRight(approval),
    approvalRequiredConditions: conditions(override.approvalRequiredConditions),
    userApprovalEnabled: actionRight(override.userApprovalEnabled ?? true),
    userApprovalConditions: conditions(override.userApprovalConditions),
    selfApprovalEnabled: actionRight(override.selfApprovalEnabled ?? true),
  };
}

/**
 * Builds the answer of `GET /liana/v4/permissions/environment`: every collection and action of
 * the schema (and of the override) with every right granted (collection rights `true`, action
 * rights to the sandbox user's role), except what the override turns off. Without a schema and an override it answers `true`, the development environment where
 * the agent grants everything.
 *
 * @example
 * ```ts
 * buildEnvironmentPermissions({ collections: [{ name: 'orders', actions: [] }] }, {
 *   orders: { collection: { deleteEnabled: false } },
 * }).collections.orders.collection.deleteEnabled; // false
 * ```
 */
export function buildEnvironmentPermissions(
  schema: SandboxSchema | undefined,
  override: PermissionOverride,
): true | { collections: Record<string, unknown> } {
  if (schema === undefined && Object.keys(override).length === 0) return true;

  const actionsByCollection = new Map<string, Set<string>>();
  for (const collection of schema?.collections ?? []) {
    actionsByCollection.set(collection.name, new Set(collection.actions));
  }
  for (const [name, entry] of Object.entries(override)) {
    const actions = actionsByCollection.get(name) ?? new Set<string>();
    Object.keys(entry.actions ?? {}).forEach(action => actions.add(action));
    actionsByCollection.set(name, actions);
  }

  const collections: Record<string, unknown> = {};
  for (const [name, actions] of actionsByCollection) {
    const entry = override[name];
    const rights: Record<string, Right> = {};
    for (const key of collectionRights) rights[key] = entry?.collection?.[key] ?? true;
    const actionEntries = [...actions].map(action => [
      action,
      actionRights(entry?.actions?.[action]),
    ]);
    collections[name] = { collection: rights, actions: Object.fromEntries(actionEntries) };
  }

  return { collections };
}
