import { ConditionTreeFactory, NotFoundError, Page } from '@grove/datasource-toolkit';
import type { RouteMounter } from '../../http/route-mounter';
import { callerOf } from '../../http/caller';
import { collectionOf } from '../../http/collection-of';
import { sendJson } from '../../http/send-json';
import { userOf } from '../../http/middlewares/authenticate';
import { parseId } from '../../query/parse-id';
import { parseProjection } from '../../query/parse-projection';
import { serializeRecord } from '../../serializer/serialize-record';
import { readableRelations } from '../readable-relations';
import { buildScopedFilter } from '../scoped-filter';

/**
 * `GET /{c}/{id}` (docs/agent-protocol.md#get-one): one record within the caller's scope, or 404
 * `Record does not exists`; embedded to-one relations as the caller may read them.
 *
 * @example
 * ```ts
 * mountGet(router, services);
 * ```
 */
export const mountGet: RouteMounter = (router, services) => {
  router.get('/:collectionName/:id', async (request, response) => {
    const collection = collectionOf(services.dataSource, request.params.collectionName);
    await services.authorization.assertCan(userOf(response), 'read', collection.name);
    const caller = callerOf(request, response);
    const id = parseId(collection, request.params.id);
    const filter = await buildScopedFilter(
      services,
      caller,
      collection,
      {},
      {
        extraTree: ConditionTreeFactory.matchIds(collection.schema, [id]),
      },
    );
    const projection = parseProjection(request.query, request.headers, collection);
    const readable = await readableRelations(services, caller, collection, projection);
    const [record] = await readable.apply(
      await collection.list(caller, filter.override({ page: new Page(0, 1) }), readable.projection),
    );
    if (!record) throw new NotFoundError('Record does not exists');
    services.activityLogs.read(userOf(response), {
      action: 'read',
      collectionName: collection.name,
      recordIds: [request.params.id],
    });

    sendJson(response, serializeRecord(collection, record, projection));
  });
};
