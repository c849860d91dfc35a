import { publishRefresh } from '../events/publish-refresh';
import type { EnvironmentRow } from '../database/models/platform-models';
import type { PlatformContext } from '../platform-context';
import { overrideRightsRows } from './override-rights-rows';
import type { PermissionOverride } from './permission-override';
import { SANDBOX_USER } from './sandbox-seed';

/**
 * Makes `override` the permission override of a sandbox environment: the rights rows of its
 * project's Admin role are replaced by those of the override (one transaction, serialized with
 * the other sandbox writes), the raw override is kept for `sandbox.permissionOverride()`, and
 * the environment's agents get refresh-roles, refresh-users and refresh-renderings (the ids
 * their tokens name included). While streams are open, it then waits `refreshSettleMs` so that
 * an agent in another process drops its caches before the test goes on.
 *
 * @example
 * ```ts
 * await applyPermissionOverride(context, environment, { orders: { collection: { editEnabled: false } } });
 * ```
 */
export async function applyPermissionOverride(
  context: PlatformContext,
  environment: Pick<EnvironmentRow, 'id' | 'projectId'>,
  override: PermissionOverride,
): Promise<void> {
  const { db, sandbox } = context;
  if (!sandbox) return;
  const { models } = db;

  const renderingIds = await sandbox.serialize(() =>
    db.sequelize.transaction(async transaction => {
      const role = await models.Role.findOne({
        where: { projectId: environment.projectId, name: SANDBOX_USER.role },
        transaction,
      });
      if (role) {
        const { collectionRows, actionRows } = overrideRightsRows(role.id, override);
        await models.RoleCollectionRight.destroy({ where: { roleId: role.id }, transaction });
        await models.RoleActionRight.destroy({ where: { roleId: role.id }, transaction });
        await models.RoleCollectionRight.bulkCreate(collectionRows, { transaction });
        await models.RoleActionRight.bulkCreate(actionRows, { transaction });
      }
      const renderings = await models.Rendering.findAll({
        where: { environmentId: environment.id },
        attributes: ['id'],
        transaction,
      });

      return renderings.map(rendering => rendering.id);
    }),
  );
  sandbox.setOverride(environment.id, override);

  // Tokens of the test kit name rendering 1 whatever the environment (see resolveRenderingId).
  const ids = [...new Set([SANDBOX_USER.renderingId, ...renderingIds])].sort((a, b) => a - b);
  await publishRefresh(context, [
    { event: 'refresh-roles', environmentId: environment.id },
    { event: 'refresh-users', environmentId: environment.id },
    { event: 'refresh-renderings', environmentId: environment.id, renderingIds: ids },
  ]);
  if (context.streams.stats(environment.id).open > 0 && sandbox.refreshSettleMs > 0) {
    await new Promise(resolve => setTimeout(resolve, sandbox.refreshSettleMs));
  }
}
