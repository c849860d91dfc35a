import type { AgentServices } from './agent-services';
import type { RouteTable } from './method-routers';

/**
 * What every route file exports: a function adding its route(s) to the `/forest` router.
 *
 * @example
 * ```ts
 * export const mountCount: RouteMounter = (router, services) => {
 *   router.get('/:collectionName/count', async (request, response) => { … });
 * };
 * ```
 */
export type RouteMounter = (router: RouteTable, services: AgentServices) => void;
