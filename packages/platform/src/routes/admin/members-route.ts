import { GroveError, NotFoundError, ValidationError } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { bodyOf, idParam } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import type { PermissionLevel, ProjectMemberRow } from '../../database/models/platform-models';
import { endAccountSessions } from '../../oidc/end-account-sessions';
import { memberStanding } from '../../permissions/member-standing';
import { applyAdminChange } from '../../services/apply-admin-change';
import { checkPermissionLevel, checkTags } from '../../services/check-member-changes';
import { isProjectAdminRole } from '../../services/is-project-admin-role';
import { countAdmins } from '../../services/count-admins';
import { memberJson } from './admin-json';
import { findInProject } from './find-in-project';

/**
 * The members of a project (`/api/admin/projects/:projectId/members`):
 * `GET` lists them with their role and teams; `PATCH …/:userId` {roleId?, permissionLevel?,
 * tags?} changes one's standing in this project only: the permission level and tags are the
 * membership's (docs/decisions.md#d26-permission-level-and-tags-per-project), so no other project
 * sees the change, and the account itself (name, email, its own level) is never written here;
 * `DELETE …/:userId` removes one from the project and its teams. Removing a member, or demoting
 * an Admin to another role, ends the OAuth grants they hold for the project's environments
 * (docs/decisions.md#d32-a-change-of-credentials-or-standing-ends-oauth-sessions). A change that
 * would leave the project without an Admin is refused (409). Each change refreshes the users of every
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
            ...memberJson(user, member),
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
      const standingChanges: { permissionLevel?: PermissionLevel; tags?: Record<string, string> } =
        {};
      if (body.permissionLevel !== undefined) {
        standingChanges.permissionLevel = checkPermissionLevel(body.permissionLevel);
      }
      if (body.tags !== undefined) standingChanges.tags = checkTags(body.tags);
      if (body.roleId !== undefined && !Number.isSafeInteger(body.roleId)) {
        throw new ValidationError('roleId must be an integer');
      }
      if (body.roleId === undefined && Object.keys(standingChanges).length === 0) {
        throw new ValidationError('Nothing to change');
      }

      const changed = await applyAdminChange(context, initiatorOf(res), async transaction => {
        const row = await models.ProjectMember.findOne({
          where: { projectId: project.id, userId },
          transaction,
        });
        const user = row ? await models.User.findByPk(userId, { transaction }) : null;
        if (!row || !user) throw new NotFoundError(`No member ${userId} in this project`);
        const before = memberStanding(user, row);
        const previousValues: Record<string, unknown> = {};
        const newValues: Record<string, unknown> = { ...standingChanges };
        for (const key of Object.keys(standingChanges) as (keyof typeof standingChanges)[]) {
          previousValues[key] = before[key];
        }
        const memberChanges: Partial<ProjectMemberRow> = { ...standingChanges };
        let demoted = false;
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
          memberChanges.roleId = role.id;
          const previous = await models.Role.findByPk(row.roleId, { transaction });
          demoted = isProjectAdminRole(previous) && !isProjectAdminRole(role);
        }
        // Only this project's membership is written: the user row, shared by every project the
        // user belongs to, is not this project's Admin's to change.
        await row.update(memberChanges, { transaction });
        if (
          body.roleId !== undefined &&
          (await countAdmins(context.db, project.id, transaction)) === 0
        ) {
          throw new GroveError('ConflictError', 'The project would be left without an Admin');
        }
        // An Admin demoted loses the OAuth grants they hold for this project's environments:
        // what they authorized as an Admin is authorized again as what they are now (D32).
        if (demoted) {
          await endAccountSessions(context.db, userId, { projectId: project.id, transaction });
        }

        return {
          value: { user: user.get({ plain: true }), member: row.get({ plain: true }) },
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
          refresh: [{ event: 'refresh-users' as const, projectId: project.id }],
        };
      });
      res.json({
        data: { ...memberJson(changed.user, changed.member), roleId: changed.member.roleId },
      });
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
        // Their OAuth grants for this project's environments end with the membership (D32).
        await endAccountSessions(context.db, userId, { projectId: project.id, transaction });

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
