import type { PlatformRouteMounter } from '../../http/platform-router-mounter';

/**
 * `GET /liana/mcp-server-configs-with-details`
 * (docs/platform-protocol.md#customizations-and-mcp-configs): the environment's MCP tool
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
