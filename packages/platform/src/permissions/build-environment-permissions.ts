import type {
  RoleActionRightRow,
  RoleCollectionRightRow,
  RoleRow,
} from '../database/models/platform-models';
import { COLLECTION_RIGHTS, roleDefaults } from '../services/built-in-roles';
import type { CollectionRight, RoleDefaults } from '../services/built-in-roles';

/**
 * A right as agents read it: the ids of the roles that hold it
 * (docs/platform-protocol.md#environment-rights).
 */
export interface RolesRight {
  roles: number[];
}

/**
 * A collection right: every role of the project (`true`), none (`false`), or some
 * (docs/platform-protocol.md#environment-rights).
 */
export type CollectionRightValue = boolean | RolesRight;

/** A condition of one role on an action right. */
export interface RoleCondition {
  roleId: number;
  filter: unknown;
}

/**
 * The rights of one action, keyed by its display name in {@link EnvironmentPermissions}. Always
 * role lists, never `true`/`false`: the vendor agent reads approval conditions from a per-role
 * table and fails on a boolean action right.
 */
export interface ActionPermissions {
  triggerEnabled: RolesRight;
  triggerConditions: RoleCondition[];
  approvalRequired: RolesRight;
  approvalRequiredConditions: RoleCondition[];
  userApprovalEnabled: RolesRight;
  userApprovalConditions: RoleCondition[];
  selfApprovalEnabled: RolesRight;
}

/** `GET /liana/v4/permissions/environment`. */
export interface EnvironmentPermissions {
  collections: Record<
    string,
    {
      collection: Record<`${CollectionRight}Enabled`, CollectionRightValue>;
      actions: Record<string, ActionPermissions>;
    }
  >;
}

/** Role fields the computation reads. */
export type PermissionRole = Pick<RoleRow, 'id' | 'name' | 'builtIn'>;

/** Rights rows without their bookkeeping columns. */
export type CollectionRightInput = Omit<RoleCollectionRightRow, 'id' | 'createdAt' | 'updatedAt'>;
export type ActionRightInput = Omit<RoleActionRightRow, 'id' | 'createdAt' | 'updatedAt'>;

/** What {@link buildEnvironmentPermissions} computes from. */
export interface EnvironmentPermissionsInput {
  /** The project's roles, in id order. */
  readonly roles: readonly PermissionRole[];
  /** The stored schema's collections (names and action display names). */
  readonly schemaCollections: readonly {
    readonly name: string;
    readonly actions: readonly { readonly name: string }[];
  }[];
  /** The roles' rights rows, in id order (collections known only from rows come in that order). */
  readonly collectionRows: readonly CollectionRightInput[];
  readonly actionRows: readonly ActionRightInput[];
  /** What a role may do where it has no row (default: `roleDefaults`; sandbox: everything). */
  readonly defaults?: (role: PermissionRole) => RoleDefaults;
}

/** Names of the collections and, per collection, of the actions: schema first, then rows. */
function inventory(input: EnvironmentPermissionsInput): Map<string, Set<string>> {
  const collections = new Map<string, Set<string>>();
  const collection = (name: string) => {
    if (!collections.has(name)) collections.set(name, new Set());

    return collections.get(name)!;
  };
  for (const { name, actions } of input.schemaCollections) {
    const names = collection(name);
    for (const action of actions) names.add(action.name);
  }
  for (const row of input.collectionRows) collection(row.collectionName);
  for (const row of input.actionRows) collection(row.collectionName).add(row.actionName);

  return collections;
}

function conditions(
  rows: readonly ActionRightInput[],
  held: (row: ActionRightInput) => boolean,
  filter: (row: ActionRightInput) => unknown,
): RoleCondition[] {
  return rows
    .filter(row => held(row) && filter(row) !== null && filter(row) !== undefined)
    .map(row => ({ roleId: row.roleId, filter: filter(row) }));
}

function actionPermissions(
  roles: readonly PermissionRole[],
  rows: readonly ActionRightInput[],
  defaults: (role: PermissionRole) => RoleDefaults,
): ActionPermissions {
  const rowOf = new Map(rows.map(row => [row.roleId, row]));
  // A role without a row for the action: its defaults say; approval is never required by default.
  const holders = (
    right: (row: ActionRightInput) => boolean,
    byDefault: (role: PermissionRole) => boolean,
  ) => ({
    roles: roles
      .filter(role => {
        const row = rowOf.get(role.id);

        return row ? right(row) : byDefault(role);
      })
      .map(role => role.id),
  });

  return {
    triggerEnabled: holders(
      row => row.trigger,
      role => defaults(role).trigger,
    ),
    triggerConditions: conditions(
      rows,
      row => row.trigger,
      row => row.triggerConditions,
    ),
    approvalRequired: holders(
      row => row.approvalRequired,
      () => false,
    ),
    approvalRequiredConditions: conditions(
      rows,
      row => row.approvalRequired,
      row => row.approvalRequiredConditions,
    ),
    userApprovalEnabled: holders(
      row => row.approve,
      role => defaults(role).approve,
    ),
    userApprovalConditions: conditions(
      rows,
      row => row.approve,
      row => row.approveConditions,
    ),
    selfApprovalEnabled: holders(
      row => row.selfApprove,
      role => defaults(role).selfApprove,
    ),
  };
}

/**
 * Computes an environment's rights (docs/platform-protocol.md#environment-rights) from its
 * project's roles and rights rows, without I/O: for every collection of the schema (and every
 * collection or action a row names), each right is held by a role per its row when it has one, else
 * per its defaults. A collection right held by every role is `true`, by none `false`, else `{ roles
 * }`; action rights are always `{ roles }`. Never the literal `true` for the whole environment.
 *
 * @example
 * ```ts
 * buildEnvironmentPermissions({
 *   roles: [{ id: 1, name: 'Admin', builtIn: true }],
 *   schemaCollections: [{ name: 'orders', actions: [] }],
 *   collectionRows: [],
 *   actionRows: [],
 * }).collections.orders.collection.deleteEnabled; // true
 * ```
 */
export function buildEnvironmentPermissions(
  input: EnvironmentPermissionsInput,
): EnvironmentPermissions {
  const { roles, collectionRows, actionRows } = input;
  const defaults = input.defaults ?? roleDefaults;
  // Entries then `Object.fromEntries`: a collection or action named `__proto__` stays a key.
  const collections: [string, EnvironmentPermissions['collections'][string]][] = [];
  for (const [collectionName, actionNames] of inventory(input)) {
    const rowOf = new Map(
      collectionRows
        .filter(row => row.collectionName === collectionName)
        .map(row => [row.roleId, row]),
    );
    const collection = Object.fromEntries(
      COLLECTION_RIGHTS.map(right => {
        const holders = roles
          .filter(role => rowOf.get(role.id)?.[right] ?? defaults(role).collection[right])
          .map(role => role.id);
        let value: CollectionRightValue = { roles: holders };
        if (roles.length > 0 && holders.length === roles.length) value = true;
        else if (holders.length === 0) value = false;

        return [`${right}Enabled`, value];
      }),
    ) as Record<`${CollectionRight}Enabled`, CollectionRightValue>;
    const actions = [...actionNames].map(actionName => [
      actionName,
      actionPermissions(
        roles,
        actionRows.filter(
          row => row.collectionName === collectionName && row.actionName === actionName,
        ),
        defaults,
      ),
    ]);
    collections.push([collectionName, { collection, actions: Object.fromEntries(actions) }]);
  }

  return { collections: Object.fromEntries(collections) };
}
