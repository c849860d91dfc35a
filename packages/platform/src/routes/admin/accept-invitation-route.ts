import express from 'express';
import type { Request } from 'express';

import { findConsoleSession, sameSecret, SESSION_COOKIE } from '../../auth/console-session';
import { handle } from '../../http/async-handler';
import { bodyOf } from '../../http/admin-input';
import { CSRF_HEADER } from '../../http/middlewares/require-admin-session';
import { readCookie } from '../../http/middlewares/read-cookie';
import { requireJsonBody } from '../../http/middlewares/require-json-body';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import type { PlatformContext } from '../../platform-context';
import { acceptInvitation } from '../../services/accept-invitation';
import { memberJson } from './admin-json';
import { checkBodyShape } from '../../http/check-body-shape';

/**
 * `POST /api/admin/invitations/:token/accept` {firstName, lastName, password} — public for a new
 * account: the token is the credential, and the invited user is created. An invitation for an
 * existing account needs that account signed in as well (session cookie and `x-csrf-token`,
 * 401 without, 403 for another account): it is attached, keeping its name and password. Answers
 * `{ data: { user, created, projectId } }`, the user with their level and tags in the project.
 * The body is at most 16 KiB.
 *
 * @example
 * ```ts
 * mountAcceptInvitation(router, context);
 * ```
 */
export const mountAcceptInvitation: PlatformRouteMounter = (router, context) => {
  router.post(
    '/api/admin/invitations/:token/accept',
    requireJsonBody,
    express.json({ verify: checkBodyShape, limit: '16kb' }),
    handle(async (req, res) => {
      const body = bodyOf(req, ['firstName', 'lastName', 'password']);
      const signedInUserId = await signedInUser(context, req);
      const { user, member, created, projectId } = await acceptInvitation(
        context,
        String(req.params.token),
        { ...body, signedInUserId },
      );
      res
        .status(created ? 201 : 200)
        .json({ data: { user: memberJson(user, member), created, projectId } });
    }),
  );
};

/**
 * The console user who sends this request: a valid session cookie with its CSRF token (a
 * cross-site form cannot send it), of a user who chose their password; null otherwise.
 */
async function signedInUser(context: PlatformContext, req: Request): Promise<number | null> {
  const found = await findConsoleSession(context.db, readCookie(req, SESSION_COOKIE) ?? '');
  if (!found || found.user.mustChangePassword) return null;

  return sameSecret(req.get(CSRF_HEADER) ?? '', found.session.csrfToken) ? found.user.id : null;
}
