import { handle } from '../../http/async-handler';
import { bodyOf, idParam } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { applyAdminChange } from '../../services/apply-admin-change';
import { checkName } from '../../services/create-project';
import { createTeam } from '../../services/create-team';
import { teamJson } from './admin-json';
import { findInProject } from './find-in-project';

/**
 * Teams of a project (`/api/admin/projects/:projectId/teams`): `GET` lists them with their
 * member ids; `POST` {name} creates one with a rendering in every environment; `PATCH
 * …/:teamId` {name} renames; `DELETE …/:teamId` deletes it with its renderings. Each change
 * refreshes users (and the renderings concerned) in every environment of the project.
 *
 * @example
 * ```ts
 * mountTeams(router, context);
 * ```
 */
export const mountTeams: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;
  const path = '/api/admin/projects/:projectId/teams';

  router.get(
    path,
    handle(async (_req, res) => {
      const teams = await models.Team.findAll({
        where: { projectId: projectOf(res).id },
        order: [['id', 'ASC']],
      });
      const members = await models.TeamMember.findAll({ where: { teamId: teams.map(t => t.id) } });
      res.json({
        data: teams.map(team => ({
          ...teamJson(team),
          userIds: members.filter(member => member.teamId === team.id).map(member => member.userId),
        })),
      });
    }),
  );

  router.post(
    path,
    handle(async (req, res) => {
      const { name } = bodyOf(req, ['name']);
      const projectId = projectOf(res).id;
      const team = await applyAdminChange(context, initiatorOf(res), async transaction => {
        const created = await createTeam(context.db, transaction, { projectId, name });

        return {
          value: created.team,
          logs: [
            {
              projectId,
              resourceType: 'team',
              resourceId: created.team.id,
              action: 'create',
              newValues: { name: created.team.name },
            },
          ],
          refresh: created.renderings.map(rendering => ({
            event: 'refresh-renderings' as const,
            environmentId: rendering.environmentId,
            renderingIds: [rendering.id],
          })),
        };
      });
      res.status(201).json({ data: teamJson(team) });
    }),
  );

  router.patch(
    `${path}/:teamId`,
    handle(async (req, res) => {
      const name = checkName('team', bodyOf(req, ['name']).name);
      const projectId = projectOf(res).id;
      const teamId = idParam(req, 'teamId');
      const team = await applyAdminChange(context, initiatorOf(res), async transaction => {
        const before = await findInProject(context.db, 'Team', projectId, teamId, transaction);
        await models.Team.update({ name }, { where: { id: before.id }, transaction });
        // The team's name is part of each of its renderings (docs/platform-protocol.md#renderings).
        const renderings = await models.Rendering.findAll({ where: { teamId }, transaction });

        return {
          value: { ...before, name },
          logs: [
            {
              projectId,
              resourceType: 'team',
              resourceId: teamId,
              action: 'update',
              previousValues: { name: before.name },
              newValues: { name },
            },
          ],
          refresh: renderings.map(rendering => ({
            event: 'refresh-renderings' as const,
            environmentId: rendering.environmentId,
            renderingIds: [rendering.id],
          })),
        };
      });
      res.json({ data: teamJson(team) });
    }),
  );

  router.delete(
    `${path}/:teamId`,
    handle(async (req, res) => {
      const projectId = projectOf(res).id;
      const teamId = idParam(req, 'teamId');
      await applyAdminChange(context, initiatorOf(res), async transaction => {
        const before = await findInProject(context.db, 'Team', projectId, teamId, transaction);
        const renderings = await models.Rendering.findAll({ where: { teamId }, transaction });
        await models.Team.destroy({ where: { id: teamId }, transaction });

        return {
          value: null,
          logs: [
            {
              projectId,
              resourceType: 'team',
              resourceId: teamId,
              action: 'delete',
              previousValues: { name: before.name },
            },
          ],
          refresh: [
            { event: 'refresh-users', projectId },
            ...renderings.map(rendering => ({
              event: 'refresh-renderings' as const,
              environmentId: rendering.environmentId,
              renderingIds: [rendering.id],
            })),
          ],
        };
      });
      res.status(204).end();
    }),
  );
};
