import { Router } from 'express';
import { buildEnvironmentPermissions } from '../environment-permissions';
import { envSecretOf, requireEnvSecret, type SandboxContext } from '../sandbox-context';
import { sandboxUser, sandboxUserInfo, sandboxUserListEntry } from '../sandbox-user';

/**
 * The permissions v4 endpoints (environment rights, users, renderings) and the user info a login
 * reads. Rights come from the stored schema plus the environment's override.
 *
 * @example
 * ```ts
 * app.use(permissionRoutes(context));
 * ```
 */
export function permissionRoutes(context: SandboxContext): Router {
  const router = Router();

  router.get('/liana/v4/permissions/environment', requireEnvSecret, (_req, res) => {
    const environment = context.store.environment(envSecretOf(res));
    res.json(buildEnvironmentPermissions(environment.schema, environment.override));
  });

  router.get('/liana/v4/permissions/users', requireEnvSecret, (_req, res) => {
    res.json([sandboxUserListEntry()]);
  });

  // Permissive rendering: no scope, no restricted live-query segment, no stored chart (the
  // sandbox user is an admin, for whom the agent allows every chart and SQL segment).
  router.get('/liana/v4/permissions/renderings/:renderingId', requireEnvSecret, (_req, res) => {
    res.json({
      team: { id: sandboxUser.teamId, name: sandboxUser.team },
      collections: {},
      stats: [],
    });
  });

  router.get('/liana/v2/renderings/:renderingId/authorization', requireEnvSecret, (_req, res) => {
    res.json(sandboxUserInfo());
  });

  return router;
}
