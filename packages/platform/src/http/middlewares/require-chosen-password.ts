import { ForbiddenError } from '@grove/datasource-toolkit';
import type { RequestHandler } from 'express';

import { PASSWORD_PATH } from '../../routes/admin/password-route';
import { adminSessionOf } from './require-admin-session';

/** What a user with a one-time password may still call: see who they are, log out, change it. */
const ALLOWED = new Set([
  'GET /api/admin/session',
  'DELETE /api/admin/session',
  `POST ${PASSWORD_PATH}`,
]);

/**
 * Runs after {@link requireAdminSession}: while the logged-in user's password is a one-time one
 * (`mustChangePassword`, the generated first-start password), every admin API call but reading
 * the session, logging out and changing the password is refused (403),
 * so that a password printed in a start log does not stay a way in.
 *
 * @example
 * ```ts
 * router.use('/api/admin', requireAdminSession(context), requireChosenPassword);
 * ```
 */
export const requireChosenPassword: RequestHandler = (req, res, next) => {
  const { user } = adminSessionOf(res);
  // Compared on the full path: the middleware is mounted under `/api/admin`.
  if (user.mustChangePassword && !ALLOWED.has(`${req.method} ${req.baseUrl}${req.path}`)) {
    next(new ForbiddenError('Change your one-time password first'));

    return;
  }
  next();
};
