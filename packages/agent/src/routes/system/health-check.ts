import type { RouteMounter } from '../../http/route-mounter';

/**
 * `GET /forest` (public): `{"error":null,"message":"Agent is running"}`
 * (docs/agent-protocol.md#health-check).
 *
 * @example
 * ```ts
 * mountHealthCheck(router, services);
 * ```
 */
export const mountHealthCheck: RouteMounter = router => {
  router.get('/', (_request, response) => {
    response.json({ error: null, message: 'Agent is running' });
  });
};
