import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { computeEnvironmentPermissions } from '../../permissions/compute-environment-permissions';

/**
 * `GET /liana/v4/permissions/environment` (spec §4.1): collection and action rights of the
 * environment, computed from its project's roles. Never the literal `true`.
 *
 * @example
 * ```ts
 * mountEnvironmentPermissions(router, context);
 * ```
 */
export const mountEnvironmentPermissions: PlatformRouteMounter = (router, context) => {
  router.get(
    '/liana/v4/permissions/environment',
    handle(async (_req, res) => {
      res.json(await computeEnvironmentPermissions(context.db, environmentOf(res)));
    }),
  );
};
