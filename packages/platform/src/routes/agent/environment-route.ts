import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { environmentOf } from '../../http/middlewares/require-environment';

/**
 * `GET /liana/environment` (docs/platform-protocol.md#environment-lookup): the environment of the
 * env secret, with its agent URL (`api_endpoint`), for the MCP server and other clients that know
 * only the secret.
 *
 * @example
 * ```ts
 * mountEnvironment(router, context);
 * ```
 */
export const mountEnvironment: PlatformRouteMounter = router => {
  router.get('/liana/environment', (_req, res) => {
    const environment = environmentOf(res);
    res.json({
      data: {
        id: String(environment.id),
        type: 'environments',
        attributes: {
          name: environment.name,
          api_endpoint: environment.agentUrl,
          is_production: environment.isProduction,
        },
      },
    });
  });
};
