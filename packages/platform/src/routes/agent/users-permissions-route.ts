import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { computeUsersPermissions } from '../../permissions/compute-users-permissions';

/**
 * `GET /liana/v4/permissions/users` (docs/platform-protocol.md#users): every member of the
 * environment's project with their role there.
 *
 * @example
 * ```ts
 * mountUsersPermissions(router, context);
 * ```
 */
export const mountUsersPermissions: PlatformRouteMounter = (router, context) => {
  router.get(
    '/liana/v4/permissions/users',
    handle(async (_req, res) => {
      res.json(await computeUsersPermissions(context.db, environmentOf(res)));
    }),
  );
};
