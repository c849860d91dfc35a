import {
  ForbiddenError,
  GroveError,
  NotFoundError,
  ValidationError,
} from '@grove/datasource-toolkit';

import { hashToken, isToken } from '../auth/console-session';
import { checkPasswordStrength, hashPassword } from '../auth/password';
import type { ProjectMemberRow, UserRow } from '../database/models/platform-models';
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
  /**
   * The user signed in to the console who sends the acceptance (session and CSRF token checked),
   * or null. An invitation for an existing account is accepted by that account only.
   */
  readonly signedInUserId: number | null;
}

/**
 * Accepts an invitation by its token: creates the user (names and a password passing
 * `checkPasswordStrength`, else 400) or — when an account has the invitation's email — attaches
 * that account, which must be the one signed in (401 when nobody is, 403 for another account:
 * holding the link is not enough to attach someone else's account). The user becomes a member of
 * the project with the invitation's role, the permission level that role suggests and no tags
 * (docs/decisions.md#d26-permission-level-and-tags-per-project), in the invitation's team (or the
 * project's first one), and the invitation is marked used. 404 for an unknown, used or expired
 * token. One transaction with the admin log; the project's environments then refresh their users.
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
): Promise<{ user: UserRow; member: ProjectMemberRow; created: boolean; projectId: number }> {
  const { models } = context.db;
  const find = () =>
    isToken(token) ? models.Invitation.findOne({ where: { tokenHash: hashToken(token) } }) : null;
  const invitation = await find();
  if (!invitation || invitation.acceptedAt || invitation.expiresAt.getTime() <= Date.now()) {
    throw new NotFoundError('This invitation is unknown, used or expired');
  }
  const existing = await findUserByEmail(context.db, invitation.email);
  if (existing && input.signedInUserId === null) {
    throw new GroveError(
      'UnauthorizedError',
      'This invitation is for an existing account: sign in as that account, then accept it',
    );
  }
  if (existing && input.signedInUserId !== existing.id) {
    throw new ForbiddenError('This invitation is for another account');
  }
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
          // The account's own level grants nothing in a project (its membership's does) and
          // `admin` there would let the user create projects: an invitation never gives it.
          { email: invitation.email, ...newUser!, permissionLevel: 'user', tags: {} },
          { transaction },
        ));
      const { projectId } = invitation;
      const member = await models.ProjectMember.create(
        {
          projectId,
          userId: user.id,
          roleId: invitation.roleId,
          permissionLevel: levelOfRole(role!),
          tags: {},
        },
        { transaction },
      );
      const team =
        invitation.teamId === null
          ? await models.Team.findOne({ where: { projectId }, order: [['id', 'ASC']], transaction })
          : await models.Team.findByPk(invitation.teamId, { transaction });
      if (team)
        await models.TeamMember.create({ teamId: team.id, userId: user.id }, { transaction });

      return {
        value: {
          user: user.get({ plain: true }),
          member: member.get({ plain: true }),
          created: !existing,
          projectId,
        },
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
