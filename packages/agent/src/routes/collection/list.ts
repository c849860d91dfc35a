import type { RouteMounter } from '../../http/route-mounter';
import { callerOf } from '../../http/caller';
import { collectionOf } from '../../http/collection-of';
import { sendJson } from '../../http/send-json';
import { userOf } from '../../http/middlewares/authenticate';
import { parseProjection } from '../../query/parse-projection';
import { serializeRecords } from '../../serializer/serialize-records';
import { readableRelations } from '../readable-relations';
import { buildScopedFilter } from '../scoped-filter';
import { listAction } from '../../activity/list-action';

/**
 * `GET /{c}` (docs/agent-protocol.md#list): one page of records as a JSON:API document, with search
 * highlights. One `list` call on the data source, whatever the page size (relations come joined),
 * plus one per to-one relation whose foreign collection the caller sees through a scope.
 *
 * @example
 * ```ts
 * mountList(router, services);
 * ```
 */
export const mountList: RouteMounter = (router, services) => {
  router.get('/:collectionName', async (request, response) => {
    const collection = collectionOf(services.dataSource, request.params.collectionName);
    await services.authorization.assertCan(userOf(response), 'browse', collection.name);
    const caller = callerOf(request, response);
    const filter = await buildScopedFilter(services, caller, collection, request.query, {
      withLiveQuery: true,
    });
    const projection = parseProjection(request.query, request.headers, collection);
    const readable = await readableRelations(services, caller, collection, projection);
    const records = await readable.apply(
      await collection.list(caller, filter, readable.projection),
    );

    services.activityLogs.read(userOf(response), {
      action: listAction(filter.search, request.query),
      collectionName: collection.name,
    });
    sendJson(
      response,
      serializeRecords(collection, records, projection, { search: filter.search ?? undefined }),
    );
  });
};
