import { GroveError, ValidationError } from '@grove/datasource-toolkit';
import { Op } from 'sequelize';

import { checkPasswordStrength, hashPassword, verifyPassword } from '../../auth/password';
import { handle } from '../../http/async-handler';
import { bodyOf } from '../../http/admin-input';
import { adminSessionOf } from '../../http/middlewares/require-admin-session';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { endAccountSessions } from '../../oidc/end-account-sessions';

/** The path of the route; the one-time password gate lets it through (see the router). */
export const PASSWORD_PATH = '/api/admin/session/password';

/**
 * `POST /api/admin/session/password` {currentPassword, newPassword}: changes the logged-in
 * user's password and answers 204. A wrong current password is a 400 on `currentPassword` and
 * counts as a failed login (the platform's one login limiter: 429 after too many); the new
 * password must pass the password rules and differ from the current one. Clears the user's
 * `mustChangePassword` flag and ends their other console sessions (this one stays open) and all
 * their sessions at the OpenID provider: login sessions, grants, refresh and access tokens.
 *
 * @example
 * ```ts
 * mountPassword(router, context);
 * ```
 */
export const mountPassword: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;
  const limiter = context.loginLimiter;

  router.post(
    PASSWORD_PATH,
    handle(async (req, res) => {
      const { session, user } = adminSessionOf(res);
      const { currentPassword, newPassword } = bodyOf(req, ['currentPassword', 'newPassword']);
      if (typeof currentPassword !== 'string' || currentPassword.length === 0) {
        throw new ValidationError('currentPassword is required');
      }
      if (typeof newPassword !== 'string') throw new ValidationError('newPassword is a text');
      const ip = String(req.ip);
      // Counted before the password is hashed (docs/decisions.md#d29-login-attempts-counted-first).
      const wait = await limiter.attempt(ip, user.email);
      if (wait > 0) {
        res.set('Retry-After', String(wait));
        throw new GroveError('TooManyRequestsError', `Too many failed logins; retry in ${wait} s`);
      }
      const valid = user.passwordHash
        ? await verifyPassword(currentPassword, user.passwordHash)
        : false;
      if (!valid) throw new ValidationError('currentPassword is wrong');
      await limiter.succeeded(ip, user.email);
      const weakness = checkPasswordStrength(newPassword);
      // The rules say "The password must…": said of the field here, for the console to place it.
      if (weakness) throw new ValidationError(weakness.replace(/^The password/, 'newPassword'));
      if (newPassword === currentPassword) {
        throw new ValidationError('newPassword must differ from the current password');
      }

      const passwordHash = await hashPassword(newPassword);
      await context.db.sequelize.transaction(async transaction => {
        await models.User.update(
          { passwordHash, mustChangePassword: false },
          { where: { id: user.id }, transaction },
        );
        // Whoever else held a session (with the old password) is logged out; this one stays.
        await models.UserSession.destroy({
          where: { userId: user.id, id: { [Op.ne]: session.id } },
          transaction,
        });
        // And so is every client it signed in at the OpenID provider: login sessions, grants,
        // refresh and access tokens (docs/decisions.md#d32-a-change-of-credentials-or-standing-ends-oauth-sessions).
        await endAccountSessions(context.db, user.id, { transaction });
      });
      res.status(204).end();
    }),
  );
};
