import type { PlatformRouteMounter } from '../../http/platform-router-mounter';

/**
 * `GET /liana/model-customizations` (docs/platform-protocol.md#customizations-and-mcp-configs): the
 * no-code customisations of the environment. The platform stores none yet, so always `[]` (agents
 * with `experimental` options start).
 *
 * @example
 * ```ts
 * mountModelCustomizations(router, context);
 * ```
 */
export const mountModelCustomizations: PlatformRouteMounter = router => {
  router.get('/liana/model-customizations', (_req, res) => {
    res.json([]);
  });
};
