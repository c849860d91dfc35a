import { SESSION_COOKIE } from '../../auth/console-session';
import { handle } from '../../http/async-handler';
import { adminSessionOf } from '../../http/middlewares/require-admin-session';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { userJson } from './admin-json';

/**
 * `GET /api/admin/session`: who is logged in, with the CSRF token to echo in `x-csrf-token`.
 * `DELETE /api/admin/session`: logs out (the row is removed, the cookie cleared), 204.
 *
 * @example
 * ```ts
 * mountSession(router, context);
 * ```
 */
export const mountSession: PlatformRouteMounter = (router, context) => {
  router.get('/api/admin/session', (_req, res) => {
    const { session, user } = adminSessionOf(res);
    res.json({
      data: { user: userJson(user), csrfToken: session.csrfToken, expiresAt: session.expiresAt },
    });
  });

  router.delete(
    '/api/admin/session',
    handle(async (_req, res) => {
      const { session } = adminSessionOf(res);
      await context.db.models.UserSession.destroy({ where: { id: session.id } });
      res.clearCookie(SESSION_COOKIE, { path: '/api/admin' });
      res.status(204).end();
    }),
  );
};
