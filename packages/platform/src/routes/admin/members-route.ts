import { GroveError, NotFoundError, ValidationError } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { bodyOf, idParam } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { applyAdminChange } from '../../services/apply-admin-change';
import { checkPermissionLevel, checkTags } from '../../services/check-member-changes';
import { countAdmins } from '../../services/count-admins';
import { userJson } from './admin-json';
import { findInProject } from './find-in-project';

/**
 * The members of a project (`/api/admin/projects/:projectId/members`):
 * `GET` lists them with their role and teams; `PATCH …/:userId` {roleId?, permissionLevel?,
 * tags?} changes one (permission level and tags belong to the user, in every project);
 * `DELETE …/:userId` removes one from the project and its teams. A change that would leave the
 * project without an Admin is refused (409). Each change refreshes the users of every
 * environment of the project.
 *
 * @example
 * ```ts
 * mountMembers(router, context);
 * ```
 */
export const mountMembers: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;
  const path = '/api/admin/projects/:projectId/members';

  router.get(
    path,
    handle(async (_req, res) => {
      const projectId = projectOf(res).id;
      const [members, roles, teams] = await Promise.all([
        models.ProjectMember.findAll({ where: { projectId }, order: [['id', 'ASC']] }),
        models.Role.findAll({ where: { projectId } }),
        models.Team.findAll({ where: { projectId } }),
      ]);
      const userIds = members.map(member => member.userId);
      const [users, teamMembers] = await Promise.all([
        models.User.findAll({ where: { id: userIds } }),
        models.TeamMember.findAll({
          where: { teamId: teams.map(team => team.id), userId: userIds },
        }),
      ]);
      res.json({
        data: members.map(member => {
          const user = users.find(item => item.id === member.userId)!;
          const role = roles.find(item => item.id === member.roleId)!;
          const teamIds = teamMembers
            .filter(item => item.userId === user.id)
            .map(item => item.teamId);

          return {
            ...userJson(user),
            role: { id: role.id, name: role.name },
            teams: teams
              .filter(team => teamIds.includes(team.id))
              .map(team => ({ id: team.id, name: team.name })),
          };
        }),
      });
    }),
  );

  router.patch(
    `${path}/:userId`,
    handle(async (req, res) => {
      const body = bodyOf(req, ['roleId', 'permissionLevel', 'tags']);
      const project = projectOf(res);
      const userId = idParam(req, 'userId');
      const userChanges: Record<string, unknown> = {};
      if (body.permissionLevel !== undefined) {
        userChanges.permissionLevel = checkPermissionLevel(body.permissionLevel);
      }
      if (body.tags !== undefined) userChanges.tags = checkTags(body.tags);
      if (body.roleId !== undefined && !Number.isSafeInteger(body.roleId)) {
        throw new ValidationError('roleId must be an integer');
      }
      if (body.roleId === undefined && Object.keys(userChanges).length === 0) {
        throw new ValidationError('Nothing to change');
      }

      const member = await applyAdminChange(context, initiatorOf(res), async transaction => {
        const row = await models.ProjectMember.findOne({
          where: { projectId: project.id, userId },
          transaction,
        });
        const user = row ? await models.User.findByPk(userId, { transaction }) : null;
        if (!row || !user) throw new NotFoundError(`No member ${userId} in this project`);
        const previousValues: Record<string, unknown> = {};
        const newValues: Record<string, unknown> = { ...userChanges };
        for (const key of Object.keys(userChanges)) {
          previousValues[key] = user[key as keyof typeof user];
        }
        if (body.roleId !== undefined) {
          const role = await findInProject(
            context.db,
            'Role',
            project.id,
            body.roleId as number,
            transaction,
          );
          previousValues.roleId = row.roleId;
          newValues.roleId = role.id;
          await row.update({ roleId: role.id }, { transaction });
          if ((await countAdmins(context.db, project.id, transaction)) === 0) {
            throw new GroveError('ConflictError', 'The project would be left without an Admin');
          }
        }
        // Permission level and tags are the user's, in every project: refresh them all.
        let projectIds = [project.id];
        if (Object.keys(userChanges).length > 0) {
          await user.update(userChanges, { transaction });
          const memberships = await models.ProjectMember.findAll({
            where: { userId },
            transaction,
          });
          projectIds = memberships.map(membership => membership.projectId);
        }

        return {
          value: { user: user.get({ plain: true }), roleId: row.roleId },
          logs: [
            {
              projectId: project.id,
              resourceType: 'member',
              resourceId: userId,
              action: 'update',
              previousValues,
              newValues,
            },
          ],
          refresh: projectIds.map(projectId => ({ event: 'refresh-users' as const, projectId })),
        };
      });
      res.json({ data: { ...userJson(member.user), roleId: member.roleId } });
    }),
  );

  router.delete(
    `${path}/:userId`,
    handle(async (req, res) => {
      const project = projectOf(res);
      const userId = idParam(req, 'userId');
      await applyAdminChange(context, initiatorOf(res), async transaction => {
        const row = await models.ProjectMember.findOne({
          where: { projectId: project.id, userId },
          transaction,
        });
        if (!row) throw new NotFoundError(`No member ${userId} in this project`);
        const teams = await models.Team.findAll({ where: { projectId: project.id }, transaction });
        await models.TeamMember.destroy({
          where: { userId, teamId: teams.map(team => team.id) },
          transaction,
        });
        await row.destroy({ transaction });
        if ((await countAdmins(context.db, project.id, transaction)) === 0) {
          throw new GroveError('ConflictError', 'The project would be left without an Admin');
        }

        return {
          value: null,
          logs: [
            {
              projectId: project.id,
              resourceType: 'member',
              resourceId: userId,
              action: 'delete',
              previousValues: { roleId: row.roleId },
            },
          ],
          refresh: [{ event: 'refresh-users', projectId: project.id }],
        };
      });
      res.status(204).end();
    }),
  );
};
