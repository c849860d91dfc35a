import { NotFoundError, ValidationError } from '@grove/datasource-toolkit';

import { hashToken, isToken } from '../auth/console-session';
import { checkPasswordStrength, hashPassword } from '../auth/password';
import type { UserRow } from '../database/models/platform-models';
import type { PlatformContext } from '../platform-context';
import { applyAdminChange } from './apply-admin-change';
import { levelOfRole } from './check-member-changes';
import { checkName } from './create-project';
import { findUserByEmail } from './find-user-by-email';

/** What the invited person gives: used only when no user has the invitation's email yet. */
export interface InvitationAcceptance {
  readonly firstName?: unknown;
  readonly lastName?: unknown;
  readonly password?: unknown;
}

/**
 * Accepts an invitation by its token: creates the user (names and a password passing
 * `checkPasswordStrength`, else 400) or takes the existing user of that email, makes them a
 * member of the project with the invitation's role (and team, or the project's first team),
 * and marks the invitation used. 404 for an unknown, used or expired token. One transaction
 * with the admin log; the project's environments then refresh their users.
 *
 * @example
 * ```ts
 * const { user, created } = await acceptInvitation(context, token, {
 *   firstName: 'Ada', lastName: 'Lovelace', password: 'correct horse battery staple',
 * });
 * ```
 */
export async function acceptInvitation(
  context: PlatformContext,
  token: string,
  input: InvitationAcceptance,
): Promise<{ user: UserRow; created: boolean; projectId: number }> {
  const { models } = context.db;
  const find = () =>
    isToken(token) ? models.Invitation.findOne({ where: { tokenHash: hashToken(token) } }) : null;
  const invitation = await find();
  if (!invitation || invitation.acceptedAt || invitation.expiresAt.getTime() <= Date.now()) {
    throw new NotFoundError('This invitation is unknown, used or expired');
  }
  const existing = await findUserByEmail(context.db, invitation.email);
  // Checked (and the password hashed) before the transaction: slow work holds no lock.
  let newUser: { firstName: string; lastName: string; passwordHash: string } | null = null;
  if (!existing) {
    const firstName = checkName('first', input.firstName);
    const lastName = checkName('last', input.lastName);
    if (typeof input.password !== 'string') throw new ValidationError('A password is required');
    const weakness = checkPasswordStrength(input.password);
    if (weakness) throw new ValidationError(weakness);
    newUser = { firstName, lastName, passwordHash: await hashPassword(input.password) };
  }

  return applyAdminChange(
    context,
    existing ? { id: existing.id, email: existing.email } : null,
    async transaction => {
      // Marking it used first, conditionally: of two concurrent acceptances only one goes on.
      const [marked] = await models.Invitation.update(
        { acceptedAt: new Date() },
        { where: { id: invitation.id, acceptedAt: null }, transaction },
      );
      if (marked !== 1) throw new NotFoundError('This invitation is unknown, used or expired');
      const role = await models.Role.findByPk(invitation.roleId, { transaction });
      const user =
        existing ??
        (await models.User.create(
          { email: invitation.email, ...newUser!, permissionLevel: levelOfRole(role!), tags: {} },
          { transaction },
        ));
      const { projectId } = invitation;
      await models.ProjectMember.create(
        { projectId, userId: user.id, roleId: invitation.roleId },
        { transaction },
      );
      const team =
        invitation.teamId === null
          ? await models.Team.findOne({ where: { projectId }, order: [['id', 'ASC']], transaction })
          : await models.Team.findByPk(invitation.teamId, { transaction });
      if (team)
        await models.TeamMember.create({ teamId: team.id, userId: user.id }, { transaction });

      return {
        value: { user: user.get({ plain: true }), created: !existing, projectId },
        logs: [
          {
            projectId,
            resourceType: 'member',
            resourceId: user.id,
            action: 'accept-invitation',
            newValues: {
              email: user.email,
              roleId: invitation.roleId,
              teamId: team?.id ?? null,
              invitationId: invitation.id,
              userCreated: !existing,
            },
          },
        ],
        refresh: [{ event: 'refresh-users', projectId }],
      };
    },
  );
}
