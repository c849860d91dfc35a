import { environmentOf } from '../../http/middlewares/require-environment';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';

/**
 * `GET /liana/v1/ip-whitelist-rules` (docs/platform-protocol.md#ip-rules): the environment's IP
 * whitelist switch and rules (`{ type: 0, ip }`, `{ type: 1, ipMinimum, ipMaximum }`, `{ type: 2,
 * range }`).
 *
 * @example
 * ```ts
 * mountIpWhitelistRules(router, context);
 * ```
 */
export const mountIpWhitelistRules: PlatformRouteMounter = router => {
  router.get('/liana/v1/ip-whitelist-rules', (_req, res) => {
    const environment = environmentOf(res);
    res.json({
      data: {
        type: 'ip-whitelist-rules',
        id: String(environment.id),
        attributes: {
          use_ip_whitelist: environment.ipWhitelistEnabled,
          rules: environment.ipWhitelistRules ?? [],
        },
      },
    });
  });
};
