import type { RouteMounter } from '../../http/route-mounter';
import { createActionTable } from './action-table';
import { mountChangeActionHook } from './change-action-hook';
import { mountExecuteAction } from './execute-action';
import { mountLoadActionHook } from './load-action-hook';
import { mountSearchActionHook } from './search-action-hook';

/**
 * Mounts the action routes (docs/agent-protocol.md#actions): for every action of every collection,
 * `POST /_actions/{c}/{index}/{slug}` (`/_actions/{c}/{slug}` with `useUnsafeActionEndpoint`) and
 * its `hooks/load`, `hooks/change` and `hooks/search`. The actions are read from the data source
 * once, at mount time: the router is rebuilt on every (re)start. A path naming no action falls
 * through to the next routes (a plain 404 in the end).
 *
 * @throws ValidationError in unsafe mode when two actions of a collection share a slug.
 *
 * @example
 * ```ts
 * mountActions(router, services);
 * ```
 */
export const mountActions: RouteMounter = (router, services) => {
  const table = createActionTable(services);

  // The hooks' paths are longer than the execute path: no order constraint between them.
  mountExecuteAction(router, services, table);
  mountLoadActionHook(router, services, table);
  mountChangeActionHook(router, services, table);
  mountSearchActionHook(router, services, table);
};
