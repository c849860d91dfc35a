import { GroveError, NotFoundError, ValidationError } from '@grove/datasource-toolkit';
import { Op } from 'sequelize';

import { generateToken, hashToken } from '../../auth/console-session';
import { handle } from '../../http/async-handler';
import { bodyOf, idParam } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { applyAdminChange } from '../../services/apply-admin-change';
import { checkEmail } from '../../services/check-member-changes';
import { findUserByEmail } from '../../services/find-user-by-email';
import { invitationJson } from './admin-json';
import { findInProject } from './find-in-project';

/** How long an invitation link works. */
export const INVITATION_DURATION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Invitations to a project (`/api/admin/projects/:projectId/invitations`): `GET` lists the
 * pending ones; `POST` {email, roleId, teamId?} creates one and answers its `token` and `link`
 * once (only the token's SHA-256 is stored; 409 when the email is already a member);
 * `DELETE …/:invitationId` revokes one.
 *
 * @example
 * ```ts
 * mountInvitations(router, context);
 * ```
 */
export const mountInvitations: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;
  const path = '/api/admin/projects/:projectId/invitations';

  router.get(
    path,
    handle(async (_req, res) => {
      const invitations = await models.Invitation.findAll({
        where: {
          projectId: projectOf(res).id,
          acceptedAt: null,
          expiresAt: { [Op.gt]: new Date() },
        },
        order: [['id', 'ASC']],
      });
      res.json({ data: invitations.map(invitationJson) });
    }),
  );

  router.post(
    path,
    handle(async (req, res) => {
      const body = bodyOf(req, ['email', 'roleId', 'teamId']);
      const email = checkEmail(body.email);
      if (!Number.isSafeInteger(body.roleId)) throw new ValidationError('roleId is required');
      if (body.teamId !== undefined && body.teamId !== null && !Number.isSafeInteger(body.teamId)) {
        throw new ValidationError('teamId must be an integer');
      }
      const project = projectOf(res);
      const initiator = initiatorOf(res);
      const token = generateToken();

      const invitation = await applyAdminChange(context, initiator, async transaction => {
        const role = await findInProject(
          context.db,
          'Role',
          project.id,
          body.roleId as number,
          transaction,
        );
        const teamId =
          typeof body.teamId === 'number'
            ? (await findInProject(context.db, 'Team', project.id, body.teamId, transaction)).id
            : null;
        const existing = await findUserByEmail(context.db, email, transaction);
        if (
          existing &&
          (await models.ProjectMember.count({
            where: { projectId: project.id, userId: existing.id },
            transaction,
          }))
        ) {
          throw new GroveError('ConflictError', `${email} is already a member of this project`);
        }
        const created = await models.Invitation.create(
          {
            projectId: project.id,
            email,
            roleId: role.id,
            teamId,
            tokenHash: hashToken(token),
            invitedById: initiator?.id ?? null,
            expiresAt: new Date(Date.now() + INVITATION_DURATION_MS),
          },
          { transaction },
        );

        return {
          value: created.get({ plain: true }),
          logs: [
            {
              projectId: project.id,
              resourceType: 'invitation',
              resourceId: created.id,
              action: 'create',
              newValues: { email, roleId: role.id, teamId },
            },
          ],
        };
      });
      res.status(201).json({
        data: {
          ...invitationJson(invitation),
          token,
          link: `${context.publicUrl}/invitations/${token}`,
        },
      });
    }),
  );

  router.delete(
    `${path}/:invitationId`,
    handle(async (req, res) => {
      const project = projectOf(res);
      const invitationId = idParam(req, 'invitationId');
      await applyAdminChange(context, initiatorOf(res), async transaction => {
        const row = await models.Invitation.findOne({
          where: { id: invitationId, projectId: project.id },
          transaction,
        });
        if (!row) throw new NotFoundError(`No invitation ${invitationId} in this project`);
        await row.destroy({ transaction });

        return {
          value: null,
          logs: [
            {
              projectId: project.id,
              resourceType: 'invitation',
              resourceId: row.id,
              action: 'delete',
              previousValues: { email: row.email, roleId: row.roleId, teamId: row.teamId },
            },
          ],
        };
      });
      res.status(204).end();
    }),
  );
};
