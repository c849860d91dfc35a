import { ForbiddenError, GroveError } from '@grove/datasource-toolkit';
import type { RequestHandler, Response } from 'express';

import { findConsoleSession, sameSecret, SESSION_COOKIE } from '../../auth/console-session';
import type { UserRow, UserSessionRow } from '../../database/models/platform-models';
import type { PlatformContext } from '../../platform-context';
import type { AdminInitiator } from '../../services/admin-initiator';
import { readCookie } from './read-cookie';

/** The header that carries the session's CSRF token on every change. */
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Authenticates an admin API call by its session cookie (401 when missing, unknown or expired),
 * then, for every method that changes something, checks the `x-csrf-token` header against the
 * session's token in constant time (403). Runs before any body is read.
 *
 * @example
 * ```ts
 * router.use('/api/admin', requireAdminSession(context), express.json({ limit: '1mb' }));
 * ```
 */
export function requireAdminSession(context: PlatformContext): RequestHandler {
  return (req, res, next) => {
    findConsoleSession(context.db, readCookie(req, SESSION_COOKIE) ?? '')
      .then(found => {
        if (!found) throw new GroveError('UnauthorizedError', 'Log in first (no valid session)');
        if (!SAFE_METHODS.has(req.method)) {
          const given = req.get(CSRF_HEADER) ?? '';
          if (!sameSecret(given, found.session.csrfToken)) {
            throw new ForbiddenError(`Missing or wrong ${CSRF_HEADER} header`);
          }
        }
        res.locals.adminSession = found;
        next();
      })
      .catch(next);
  };
}

/** The session and user {@link requireAdminSession} found for this request. */
export function adminSessionOf(res: Response): { session: UserSessionRow; user: UserRow } {
  return res.locals.adminSession as { session: UserSessionRow; user: UserRow };
}

/** The logged-in user as the initiator of admin logs. */
export function initiatorOf(res: Response): AdminInitiator {
  const { user } = adminSessionOf(res);

  return { id: user.id, email: user.email };
}
