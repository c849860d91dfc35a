import type { PlatformRouteMounter } from '../../http/platform-router-mounter';

/**
 * `GET /liana/model-customizations` (spec §6): the no-code customisations of the environment.
 * The platform stores none yet, so always `[]` (agents with `experimental` options start).
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
