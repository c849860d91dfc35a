import { ForbiddenError, GroveError } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { bodyOf, idParam } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { applyAdminChange } from '../../services/apply-admin-change';
import { roleDefaults } from '../../services/built-in-roles';
import { checkName } from '../../services/create-project';
import { roleJson } from './admin-json';
import { findInProject } from './find-in-project';

const rightsOf = (row: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.map(key => [key, row[key]]));

const COLLECTION_KEYS = ['browse', 'read', 'edit', 'add', 'delete', 'export'] as const;
const ACTION_KEYS = [
  'trigger',
  'triggerConditions',
  'approvalRequired',
  'approvalRequiredConditions',
  'approve',
  'approveConditions',
  'selfApprove',
] as const;

/**
 * Roles of a project (`/api/admin/projects/:projectId/roles`): `GET` lists them with their
 * rights (`collections: { [name]: rights }`, `actions: { [collection]: { [action]: rights } }`)
 * and its `defaults` (what applies to a collection or an action it has no row for);
 * `POST` {name} creates a custom role (it may do nothing until given rights); `PATCH
 * …/:roleId` {name} renames and `DELETE …/:roleId` deletes a custom role — built-in roles
 * cannot be (403), nor a role some member holds (409). Changes refresh the roles of every
 * environment of the project.
 *
 * @example
 * ```ts
 * mountRoles(router, context);
 * ```
 */
export const mountRoles: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;
  const path = '/api/admin/projects/:projectId/roles';

  router.get(
    path,
    handle(async (_req, res) => {
      const roles = await models.Role.findAll({
        where: { projectId: projectOf(res).id },
        order: [['id', 'ASC']],
      });
      const roleIds = roles.map(role => role.id);
      const [collections, actions] = await Promise.all([
        models.RoleCollectionRight.findAll({ where: { roleId: roleIds } }),
        models.RoleActionRight.findAll({ where: { roleId: roleIds } }),
      ]);
      res.json({
        data: roles.map(role => {
          const actionsOfRole: Record<string, Record<string, unknown>> = {};
          for (const right of actions.filter(item => item.roleId === role.id)) {
            actionsOfRole[right.collectionName] ??= {};
            actionsOfRole[right.collectionName]![right.actionName] = rightsOf(
              right.get({ plain: true }) as unknown as Record<string, unknown>,
              ACTION_KEYS,
            );
          }

          return {
            ...roleJson(role),
            // What applies where the role has no row: the console shows it, the agents get it.
            defaults: roleDefaults(role),
            collections: Object.fromEntries(
              collections
                .filter(item => item.roleId === role.id)
                .map(item => [
                  item.collectionName,
                  rightsOf(
                    item.get({ plain: true }) as unknown as Record<string, unknown>,
                    COLLECTION_KEYS,
                  ),
                ]),
            ),
            actions: actionsOfRole,
          };
        }),
      });
    }),
  );

  router.post(
    path,
    handle(async (req, res) => {
      const name = checkName('role', bodyOf(req, ['name']).name);
      const projectId = projectOf(res).id;
      const role = await applyAdminChange(context, initiatorOf(res), async transaction => {
        const created = await models.Role.create({ projectId, name }, { transaction });

        return {
          value: created.get({ plain: true }),
          logs: [
            {
              projectId,
              resourceType: 'role',
              resourceId: created.id,
              action: 'create',
              newValues: { name },
            },
          ],
          refresh: [{ event: 'refresh-roles', projectId }],
        };
      });
      res.status(201).json({ data: roleJson(role) });
    }),
  );

  router.patch(
    `${path}/:roleId`,
    handle(async (req, res) => {
      const name = checkName('role', bodyOf(req, ['name']).name);
      const projectId = projectOf(res).id;
      const roleId = idParam(req, 'roleId');
      const role = await applyAdminChange(context, initiatorOf(res), async transaction => {
        const before = await findInProject(context.db, 'Role', projectId, roleId, transaction);
        if (before.builtIn) throw new ForbiddenError('Built-in roles cannot be renamed');
        await models.Role.update({ name }, { where: { id: roleId }, transaction });

        return {
          value: { ...before, name },
          logs: [
            {
              projectId,
              resourceType: 'role',
              resourceId: roleId,
              action: 'update',
              previousValues: { name: before.name },
              newValues: { name },
            },
          ],
          refresh: [{ event: 'refresh-roles', projectId }],
        };
      });
      res.json({ data: roleJson(role) });
    }),
  );

  router.delete(
    `${path}/:roleId`,
    handle(async (req, res) => {
      const projectId = projectOf(res).id;
      const roleId = idParam(req, 'roleId');
      await applyAdminChange(context, initiatorOf(res), async transaction => {
        const before = await findInProject(context.db, 'Role', projectId, roleId, transaction);
        if (before.builtIn) throw new ForbiddenError('Built-in roles cannot be deleted');
        // Memberships reference their role (ON DELETE CASCADE): deleting it would remove them.
        if (await models.ProjectMember.count({ where: { roleId }, transaction })) {
          throw new GroveError('ConflictError', 'Members hold this role: give them another first');
        }
        await models.Role.destroy({ where: { id: roleId }, transaction });

        return {
          value: null,
          logs: [
            {
              projectId,
              resourceType: 'role',
              resourceId: roleId,
              action: 'delete',
              previousValues: { name: before.name },
            },
          ],
          refresh: [{ event: 'refresh-roles', projectId }],
        };
      });
      res.status(204).end();
    }),
  );
};
