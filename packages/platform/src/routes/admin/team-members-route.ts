import { GroveError, NotFoundError, ValidationError } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { bodyOf, idParam } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { applyAdminChange } from '../../services/apply-admin-change';
import { findInProject } from './find-in-project';

/**
 * `POST /api/admin/projects/:projectId/teams/:teamId/members` {userId} adds a member of the
 * project to a team (404 for a user who is not a member, 409 when already in it);
 * `DELETE …/members/:userId` removes them. Both refresh the project's users.
 *
 * @example
 * ```ts
 * mountTeamMembers(router, context);
 * ```
 */
export const mountTeamMembers: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;
  const path = '/api/admin/projects/:projectId/teams/:teamId/members';

  router.post(
    path,
    handle(async (req, res) => {
      const { userId } = bodyOf(req, ['userId']);
      if (!Number.isSafeInteger(userId)) throw new ValidationError('userId must be an integer');
      const projectId = projectOf(res).id;
      const teamId = idParam(req, 'teamId');
      await applyAdminChange(context, initiatorOf(res), async transaction => {
        const team = await findInProject(context.db, 'Team', projectId, teamId, transaction);
        const member = await models.ProjectMember.findOne({
          where: { projectId, userId: userId as number },
          transaction,
        });
        if (!member) throw new NotFoundError(`No member ${String(userId)} in this project`);
        if (
          await models.TeamMember.count({ where: { teamId, userId: member.userId }, transaction })
        ) {
          throw new GroveError('ConflictError', 'Already a member of this team');
        }
        await models.TeamMember.create({ teamId: team.id, userId: member.userId }, { transaction });

        return {
          value: null,
          logs: [
            {
              projectId,
              resourceType: 'team-member',
              resourceId: team.id,
              action: 'create',
              newValues: { userId: member.userId },
            },
          ],
          refresh: [{ event: 'refresh-users', projectId }],
        };
      });
      res.status(204).end();
    }),
  );

  router.delete(
    `${path}/:userId`,
    handle(async (req, res) => {
      const projectId = projectOf(res).id;
      const teamId = idParam(req, 'teamId');
      const userId = idParam(req, 'userId');
      await applyAdminChange(context, initiatorOf(res), async transaction => {
        const team = await findInProject(context.db, 'Team', projectId, teamId, transaction);
        const removed = await models.TeamMember.destroy({
          where: { teamId: team.id, userId },
          transaction,
        });
        if (removed === 0) throw new NotFoundError(`User ${userId} is not in this team`);

        return {
          value: null,
          logs: [
            {
              projectId,
              resourceType: 'team-member',
              resourceId: team.id,
              action: 'delete',
              previousValues: { userId },
            },
          ],
          refresh: [{ event: 'refresh-users', projectId }],
        };
      });
      res.status(204).end();
    }),
  );
};
