import { handle } from '../../http/async-handler';
import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { computeEnvironmentPermissions } from '../../permissions/compute-environment-permissions';
import { SANDBOX_ROLE_DEFAULTS } from '../../services/built-in-roles';

/**
 * `GET /liana/v4/permissions/environment` (docs/platform-protocol.md#environment-rights):
 * collection and action rights of the environment, computed from its project's roles and rights
 * rows. Never the literal `true`.
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
      // Sandbox mode is permissive: a role may do everything its rows do not forbid.
      const defaults = context.mode === 'sandbox' ? () => SANDBOX_ROLE_DEFAULTS : undefined;
      res.json(await computeEnvironmentPermissions(context.db, environmentOf(res), defaults));
    }),
  );
};
