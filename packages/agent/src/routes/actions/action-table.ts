import type { Collection } from '@grove/datasource-toolkit';
import type { AgentServices } from '../../http/agent-services';
import { listActionEndpoints } from '../../schema/action-endpoints';
import type { ActionEndpoint } from '../../schema/action-endpoints';

/**
 * An action served by the agent: its collection, its name and where it is served.
 *
 * @example
 * ```ts
 * const { collection, name } = table.resolve(request.params) as ActionTarget;
 * await collection.execute(caller, name, formValues, filter);
 * ```
 */
export interface ActionTarget {
  readonly collection: Collection;
  readonly name: string;
  readonly endpoint: ActionEndpoint;
}

/**
 * The actions of a data source by route, and the Express pattern of their paths.
 *
 * @example
 * ```ts
 * table.pattern; // '/_actions/:collectionName/:actionIndex/:actionSlug'
 * table.resolve({ collectionName: 'books', actionIndex: '0', actionSlug: 'mark-as-live' });
 * // { collection: books, name: 'Mark as live', endpoint: { … } }
 * ```
 */
export interface ActionTable {
  /** `/_actions/:collectionName/:actionIndex/:actionSlug`, without the index in unsafe mode. */
  readonly pattern: string;
  /** The action a matched request names, or `undefined` (the request falls through). */
  resolve(params: Readonly<Record<string, unknown>>): ActionTarget | undefined;
}

const safePattern = '/_actions/:collectionName/:actionIndex/:actionSlug';
const unsafePattern = '/_actions/:collectionName/:actionSlug';

/**
 * Lists every action of every collection (declaration order gives the index,
 * docs/agent-protocol.md#action-routes) and resolves requests to them. Paths are matched with
 * parameters, which Express decodes, and looked up here, rather than registered one by one: a
 * collection name may hold characters that are special in Express paths (`:`, `+`, `(`…) or that
 * clients percent-encode differently.
 *
 * @param services - The data source and the `useUnsafeActionEndpoint` option.
 * @throws ValidationError in unsafe mode when two actions of a collection share a slug.
 *
 * @example
 * ```ts
 * const table = createActionTable(services);
 * router.post(table.pattern, (request, response, next) => {
 *   const target = table.resolve(request.params);
 *   if (!target) return next();
 *   // …
 * });
 * ```
 */
export function createActionTable(services: AgentServices): ActionTable {
  const unsafe = services.options.useUnsafeActionEndpoint;
  const targets = new Map<string, ActionTarget>();
  for (const collection of services.dataSource.collections) {
    const names = Object.keys(collection.schema.actions);
    for (const endpoint of listActionEndpoints(collection.name, names, unsafe)) {
      targets.set(endpoint.routePath, { collection, name: endpoint.name, endpoint });
    }
  }

  return {
    pattern: unsafe ? unsafePattern : safePattern,
    resolve: ({ collectionName, actionIndex, actionSlug }) => {
      if (typeof collectionName !== 'string' || typeof actionSlug !== 'string') return undefined;
      const path = unsafe
        ? `/_actions/${collectionName}/${actionSlug}`
        : `/_actions/${collectionName}/${String(actionIndex)}/${actionSlug}`;

      return targets.get(path);
    },
  };
}
