import express from 'express';

import { handle } from '../../http/async-handler';
import { bodyOf } from '../../http/admin-input';
import { requireJsonBody } from '../../http/middlewares/require-json-body';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { acceptInvitation } from '../../services/accept-invitation';
import { userJson } from './admin-json';
import { checkBodyShape } from '../../http/check-body-shape';

/**
 * `POST /api/admin/invitations/:token/accept` {firstName, lastName, password} — public: the
 * token is the credential. Creates the invited user (or attaches the existing user of that
 * email, who keeps their name and password) and answers `{ data: { user, created, projectId } }`.
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
      const { user, created, projectId } = await acceptInvitation(
        context,
        String(req.params.token),
        body,
      );
      res.status(created ? 201 : 200).json({ data: { user: userJson(user), created, projectId } });
    }),
  );
};
