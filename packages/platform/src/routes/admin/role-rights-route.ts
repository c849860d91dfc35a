import { ValidationError } from '@grove/datasource-toolkit';
import type { Request } from 'express';
import type { Transaction } from 'sequelize';

import { handle } from '../../http/async-handler';
import { bodyOf, idParam, nameParam } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { applyAdminChange } from '../../services/apply-admin-change';
import { COLLECTION_RIGHTS } from '../../services/built-in-roles';
import { checkConditionTree } from '../../services/check-condition-tree';
import { findInProject } from './find-in-project';

const ACTION_FLAGS = ['trigger', 'approvalRequired', 'approve', 'selfApprove'] as const;
const ACTION_CONDITIONS = [
  'triggerConditions',
  'approvalRequiredConditions',
  'approveConditions',
] as const;

function flags<K extends string>(
  body: Record<string, unknown>,
  keys: readonly K[],
): Record<K, boolean> {
  const missing = keys.filter(key => typeof body[key] !== 'boolean');
  if (missing.length > 0) throw new ValidationError(`Booleans required: ${missing.join(', ')}`);

  return Object.fromEntries(keys.map(key => [key, body[key]])) as Record<K, boolean>;
}

/**
 * The rights of a role, each `PUT` replacing one row (all fields required):
 * `PUT /api/admin/projects/:projectId/roles/:roleId/collections/:collection`
 * {browse, read, edit, add, delete, export}, and
 * `PUT …/roles/:roleId/actions/:collection/:action` {trigger, triggerConditions,
 * approvalRequired, approvalRequiredConditions, approve, approveConditions, selfApprove}
 * (conditions: a condition tree or null). The row's previous values go in the admin log;
 * every environment of the project refreshes its roles.
 *
 * @example
 * ```ts
 * mountRoleRights(router, context);
 * ```
 */
export const mountRoleRights: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;
  const path = '/api/admin/projects/:projectId/roles/:roleId';

  const save = async (
    req: Request,
    initiator: ReturnType<typeof initiatorOf>,
    projectId: number,
    values: Record<string, unknown>,
    upsert: (
      roleId: number,
      transaction: Transaction,
    ) => Promise<{ previous: unknown; resourceType: string }>,
  ) => {
    const roleId = idParam(req, 'roleId');
    await applyAdminChange(context, initiator, async transaction => {
      const role = await findInProject(context.db, 'Role', projectId, roleId, transaction);
      const { previous, resourceType } = await upsert(role.id, transaction);

      return {
        value: null,
        logs: [
          {
            projectId,
            resourceType,
            resourceId: role.id,
            action: 'update',
            previousValues: previous,
            newValues: values,
          },
        ],
        refresh: [{ event: 'refresh-roles' as const, projectId }],
      };
    });
  };

  router.put(
    `${path}/collections/:collection`,
    handle(async (req, res) => {
      const collectionName = nameParam(req, 'collection');
      const rights = flags(bodyOf(req, COLLECTION_RIGHTS), COLLECTION_RIGHTS);
      const projectId = projectOf(res).id;
      await save(
        req,
        initiatorOf(res),
        projectId,
        { collectionName, ...rights },
        async (roleId, transaction) => {
          const row = await models.RoleCollectionRight.findOne({
            where: { roleId, collectionName },
            transaction,
          });
          const previous = row
            ? Object.fromEntries(COLLECTION_RIGHTS.map(key => [key, row[key]]))
            : null;
          if (row) await row.update(rights, { transaction });
          else
            await models.RoleCollectionRight.create(
              { roleId, collectionName, ...rights },
              { transaction },
            );

          return {
            previous: previous && { collectionName, ...previous },
            resourceType: 'role-collection-rights',
          };
        },
      );
      res.json({ data: { roleId: idParam(req, 'roleId'), collectionName, ...rights } });
    }),
  );

  router.put(
    `${path}/actions/:collection/:action`,
    handle(async (req, res) => {
      const collectionName = nameParam(req, 'collection');
      const actionName = nameParam(req, 'action');
      const body = bodyOf(req, [...ACTION_FLAGS, ...ACTION_CONDITIONS]);
      const rights: Record<string, unknown> = flags(body, ACTION_FLAGS);
      for (const key of ACTION_CONDITIONS) rights[key] = checkConditionTree(body[key], key);
      const projectId = projectOf(res).id;
      const where = { collectionName, actionName };
      await save(
        req,
        initiatorOf(res),
        projectId,
        { ...where, ...rights },
        async (roleId, transaction) => {
          const row = await models.RoleActionRight.findOne({
            where: { roleId, ...where },
            transaction,
          });
          const keys = [...ACTION_FLAGS, ...ACTION_CONDITIONS];
          const previous = row ? Object.fromEntries(keys.map(key => [key, row[key]])) : null;
          if (row) await row.update(rights, { transaction });
          else
            await models.RoleActionRight.create({ roleId, ...where, ...rights }, { transaction });

          return {
            previous: previous && { ...where, ...previous },
            resourceType: 'role-action-rights',
          };
        },
      );
      res.json({ data: { roleId: idParam(req, 'roleId'), ...where, ...rights } });
    }),
  );
};
