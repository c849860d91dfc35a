import type { PlatformRouteMounter } from '../../http/platform-router-mounter';

/**
 * `GET /liana/mcp-server-configs-with-details` (spec §6): the environment's MCP tool
 * configurations. None are stored yet: always `{}`.
 *
 * @example
 * ```ts
 * mountMcpServerConfigs(router, context);
 * ```
 */
export const mountMcpServerConfigs: PlatformRouteMounter = router => {
  router.get('/liana/mcp-server-configs-with-details', (_req, res) => {
    res.json({});
  });
};
