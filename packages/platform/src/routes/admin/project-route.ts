import { handle } from '../../http/async-handler';
import { bodyOf } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { applyAdminChange } from '../../services/apply-admin-change';
import { checkName } from '../../services/create-project';
import { projectJson } from './admin-json';

/**
 * `GET|PATCH|DELETE /api/admin/projects/:projectId`: reads, renames ({name}) or deletes a
 * project (with everything in it; its admin logs stay).
 *
 * @example
 * ```ts
 * mountProject(router, context);
 * ```
 */
export const mountProject: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;
  const path = '/api/admin/projects/:projectId';

  router.get(path, (_req, res) => {
    res.json({ data: projectJson(projectOf(res)) });
  });

  router.patch(
    path,
    handle(async (req, res) => {
      const name = checkName('project', bodyOf(req, ['name']).name);
      const project = projectOf(res);
      const renamed = await applyAdminChange(context, initiatorOf(res), async transaction => {
        await models.Project.update({ name }, { where: { id: project.id }, transaction });
        const row = await models.Project.findByPk(project.id, { transaction });

        return {
          value: row!.get({ plain: true }),
          logs: [
            {
              projectId: project.id,
              resourceType: 'project',
              resourceId: project.id,
              action: 'update',
              previousValues: { name: project.name },
              newValues: { name },
            },
          ],
        };
      });
      res.json({ data: projectJson(renamed) });
    }),
  );

  router.delete(
    path,
    handle(async (_req, res) => {
      const project = projectOf(res);
      const hosted = await models.Environment.findAll({
        where: { projectId: project.id, hosted: true },
        attributes: ['id'],
      });
      await applyAdminChange(context, initiatorOf(res), async transaction => {
        await models.Project.destroy({ where: { id: project.id }, transaction });

        return {
          value: null,
          // Written after the deletion: its project reference would be set null anyway.
          logs: [
            {
              projectId: null,
              resourceType: 'project',
              resourceId: project.id,
              action: 'delete',
              previousValues: { name: project.name },
            },
          ],
        };
      });
      // The hosted agents of its environments have nothing left to serve.
      for (const environment of hosted) await context.hostedAgents.stop(environment.id);
      res.status(204).end();
    }),
  );
};
