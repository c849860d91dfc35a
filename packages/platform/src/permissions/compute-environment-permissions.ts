import { Op } from 'sequelize';

import type { EnvironmentRow } from '../database/models/platform-models';
import type { PlatformDatabase } from '../database/platform-database';
import { loadEnvironmentSchema } from '../schema/load-environment-schema';
import type { RoleDefaults } from '../services/built-in-roles';
import { buildEnvironmentPermissions } from './build-environment-permissions';
import type { EnvironmentPermissions, PermissionRole } from './build-environment-permissions';

/**
 * Computes an environment's rights (docs/platform-protocol.md#environment-rights) from its
 * project's roles, their rights rows and the stored schema (see {@link buildEnvironmentPermissions}
 * for the rules). `defaults` says what a role may do without a row: `roleDefaults` normally,
 * everything in sandbox mode.
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
  defaults?: (role: PermissionRole) => RoleDefaults,
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

  return buildEnvironmentPermissions({
    roles,
    schemaCollections: loaded?.schema.collections ?? [],
    collectionRows,
    actionRows,
    ...(defaults ? { defaults } : {}),
  });
}
