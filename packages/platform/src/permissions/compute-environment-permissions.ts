import { Op } from 'sequelize';

import type {
  EnvironmentRow,
  RoleActionRightRow,
  RoleCollectionRightRow,
  RoleRow,
} from '../database/models/platform-models';
import type { PlatformDatabase } from '../database/platform-database';
import { loadEnvironmentSchema } from '../schema/load-environment-schema';
import { COLLECTION_RIGHTS, roleDefaults } from '../services/built-in-roles';
import type { CollectionRight } from '../services/built-in-roles';

/** A right as agents read it: the ids of the roles that hold it (spec §4.1). */
export interface RolesRight {
  roles: number[];
}

/** A condition of one role on an action right. */
export interface RoleCondition {
  roleId: number;
  filter: unknown;
}

/** The rights of one action, keyed by its display name in {@link EnvironmentPermissions}. */
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
      collection: Record<`${CollectionRight}Enabled`, RolesRight>;
      actions: Record<string, ActionPermissions>;
    }
  >;
}

/** Names of the collections and, per collection, of the actions: schema first, then rows. */
function inventory(
  schemaCollections: readonly { name: string; actions: readonly { name: string }[] }[],
  collectionRows: readonly RoleCollectionRightRow[],
  actionRows: readonly RoleActionRightRow[],
): Map<string, Set<string>> {
  const collections = new Map<string, Set<string>>();
  const collection = (name: string) => {
    if (!collections.has(name)) collections.set(name, new Set());

    return collections.get(name)!;
  };
  for (const { name, actions } of schemaCollections) {
    const names = collection(name);
    for (const action of actions) names.add(action.name);
  }
  for (const row of collectionRows) collection(row.collectionName);
  for (const row of actionRows) collection(row.collectionName).add(row.actionName);

  return collections;
}

function conditions(
  rows: readonly RoleActionRightRow[],
  held: (row: RoleActionRightRow) => boolean,
  filter: (row: RoleActionRightRow) => unknown,
): RoleCondition[] {
  return rows
    .filter(row => held(row) && filter(row) !== null && filter(row) !== undefined)
    .map(row => ({ roleId: row.roleId, filter: filter(row) }));
}

function actionPermissions(
  roles: readonly RoleRow[],
  rows: readonly RoleActionRightRow[],
): ActionPermissions {
  const rowOf = new Map(rows.map(row => [row.roleId, row]));
  // A role without a row for the action: its defaults may trigger; approvals need a row.
  const holders = (
    right: (row: RoleActionRightRow) => boolean,
    byDefault: (role: RoleRow) => boolean,
  ) => ({
    roles: roles
      .filter(role => {
        const row = rowOf.get(role.id);

        return row ? right(row) : byDefault(role);
      })
      .map(role => role.id),
  });
  const never = () => false;

  return {
    triggerEnabled: holders(
      row => row.trigger,
      role => roleDefaults(role).trigger,
    ),
    triggerConditions: conditions(
      rows,
      row => row.trigger,
      row => row.triggerConditions,
    ),
    approvalRequired: holders(row => row.approvalRequired, never),
    approvalRequiredConditions: conditions(
      rows,
      row => row.approvalRequired,
      row => row.approvalRequiredConditions,
    ),
    userApprovalEnabled: holders(row => row.approve, never),
    userApprovalConditions: conditions(
      rows,
      row => row.approve,
      row => row.approveConditions,
    ),
    selfApprovalEnabled: holders(row => row.selfApprove, never),
  };
}

/**
 * Computes an environment's rights (spec §4.1) from its project's roles: for every collection of
 * the stored schema (and every collection or action a rights row names), each right lists the
 * roles that hold it — from the role's rights row when it has one, else from its defaults
 * (`roleDefaults`). Never the literal `true`: development environments obey roles too.
 *
 * @example
 * ```ts
 * const { collections } = await computeEnvironmentPermissions(db, environment);
 * collections.orders.collection.deleteEnabled; // { roles: [1, 2, 3] }
 * ```
 */
export async function computeEnvironmentPermissions(
  db: PlatformDatabase,
  environment: Pick<EnvironmentRow, 'id' | 'projectId'>,
): Promise<EnvironmentPermissions> {
  const { models } = db;
  // Instances, not raw rows: Sequelize then reads booleans and JSON alike on every dialect.
  const roles = (
    await models.Role.findAll({
      where: { projectId: environment.projectId },
      order: [['id', 'ASC']],
    })
  ).map(role => role.get({ plain: true }));
  // Ordered by id: collections and actions known only from rows come in creation order.
  const query = {
    where: { roleId: { [Op.in]: roles.map(role => role.id) } },
    order: [['id', 'ASC']] as [string, string][],
  };
  const [collectionRows, actionRows, loaded] = await Promise.all([
    models.RoleCollectionRight.findAll(query).then(rows =>
      rows.map(row => row.get({ plain: true })),
    ),
    models.RoleActionRight.findAll(query).then(rows => rows.map(row => row.get({ plain: true }))),
    loadEnvironmentSchema(db, environment.id),
  ]);

  // Entries then `Object.fromEntries`: a collection or action named `__proto__` stays a key.
  const collections: [string, EnvironmentPermissions['collections'][string]][] = [];
  const names = inventory(loaded?.schema.collections ?? [], collectionRows, actionRows);
  for (const [collectionName, actionNames] of names) {
    const rowOf = new Map(
      collectionRows
        .filter(row => row.collectionName === collectionName)
        .map(row => [row.roleId, row]),
    );
    const collection = Object.fromEntries(
      COLLECTION_RIGHTS.map(right => [
        `${right}Enabled`,
        {
          roles: roles
            .filter(role => rowOf.get(role.id)?.[right] ?? roleDefaults(role).collection[right])
            .map(role => role.id),
        },
      ]),
    ) as Record<`${CollectionRight}Enabled`, RolesRight>;
    const actions = [...actionNames].map(actionName => [
      actionName,
      actionPermissions(
        roles,
        actionRows.filter(
          row => row.collectionName === collectionName && row.actionName === actionName,
        ),
      ),
    ]);
    collections.push([collectionName, { collection, actions: Object.fromEntries(actions) }]);
  }

  return { collections: Object.fromEntries(collections) };
}
