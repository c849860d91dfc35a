import { Aggregation } from '@grove/datasource-toolkit';
import type { Caller, Collection, Filter } from '@grove/datasource-toolkit';
import type { RouteMounter } from '../../http/route-mounter';
import { callerOf } from '../../http/caller';
import { collectionOf } from '../../http/collection-of';
import { sendJson } from '../../http/send-json';
import { userOf } from '../../http/middlewares/authenticate';
import { buildScopedFilter } from '../scoped-filter';

/** The count answer of a collection declared non-countable (`disableCount`). */
export const deactivatedCount = { meta: { count: 'deactivated' } } as const;

/**
 * Counts records with one aggregate query.
 *
 * @example
 * ```ts
 * sendJson(response, { count: await countRecords(caller, books, filter) });
 * ```
 */
export async function countRecords(
  caller: Caller,
  collection: Collection,
  filter: Filter,
): Promise<number> {
  const [row] = await collection.aggregate(caller, filter, new Aggregation({ operation: 'Count' }));

  return Number(row?.value ?? 0);
}

/**
 * `GET /{c}/count` (docs/agent-protocol.md#count): `{"count": n}` over the list's filters, or
 * `{"meta":{"count":"deactivated"}}` when the collection is not countable.
 *
 * @example
 * ```ts
 * mountCount(router, services);
 * ```
 */
export const mountCount: RouteMounter = (router, services) => {
  router.get('/:collectionName/count', async (request, response) => {
    const collection = collectionOf(services.dataSource, request.params.collectionName);
    await services.authorization.assertCan(userOf(response), 'browse', collection.name);
    const caller = callerOf(request, response);
    if (!collection.schema.countable) {
      sendJson(response, deactivatedCount);

      return;
    }
    const filter = await buildScopedFilter(services, caller, collection, request.query, {
      withLiveQuery: true,
    });
    const count = await countRecords(caller, collection, filter);
    services.activityLogs.read(userOf(response), {
      action: 'count',
      collectionName: collection.name,
    });
    sendJson(response, { count });
  });
};
