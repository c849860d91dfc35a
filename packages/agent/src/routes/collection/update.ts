import {
  ConditionTreeFactory,
  Page,
  getPrimaryKeys,
  validateRecord,
} from '@grove/datasource-toolkit';
import type { RecordData } from '@grove/datasource-toolkit';
import type { RouteMounter } from '../../http/route-mounter';
import { callerOf } from '../../http/caller';
import { collectionOf } from '../../http/collection-of';
import { userOf } from '../../http/middlewares/authenticate';
import { parseId } from '../../query/parse-id';
import { parseProjection } from '../../query/parse-projection';
import { deserializeRecord } from '../../serializer/deserialize-record';
import { serializeRecord } from '../../serializer/serialize-record';
import { readableRelations } from '../readable-relations';
import { buildScopedFilter } from '../scoped-filter';

function attributeKeys(body: unknown): Set<string> {
  const attributes = (body as { data?: { attributes?: unknown } } | undefined)?.data?.attributes;

  return new Set(
    typeof attributes === 'object' && attributes !== null ? Object.keys(attributes) : [],
  );
}

/**
 * `PUT /{c}/{id}` (docs/agent-protocol.md#update): patches one record within the caller's scope,
 * then answers it re-read with the default projection (`data: null` when it left the scope).
 * Relationships in the body are ignored (the frontend links them with the relation route); primary
 * keys that only come from `data.id` are not written.
 *
 * @example
 * ```ts
 * mountUpdate(router, services);
 * ```
 */
export const mountUpdate: RouteMounter = (router, services) => {
  router.put('/:collectionName/:id', async (request, response) => {
    const collection = collectionOf(services.dataSource, request.params.collectionName);
    await services.authorization.assertCan(userOf(response), 'edit', collection.name);
    const caller = callerOf(request, response);
    const body = request.body as { data?: Record<string, unknown> } | undefined;
    const withoutRelationships = body?.data
      ? { data: { ...body.data, relationships: undefined } }
      : body;
    const { record } = deserializeRecord(collection, withoutRelationships);

    const explicit = attributeKeys(body);
    const patch: RecordData = { ...record };
    for (const pk of getPrimaryKeys(collection.schema)) if (!explicit.has(pk)) delete patch[pk];
    validateRecord(collection, patch);

    const byId = ConditionTreeFactory.matchIds(collection.schema, [
      parseId(collection, request.params.id),
    ]);
    const filter = await buildScopedFilter(services, caller, collection, {}, { extraTree: byId });
    if (Object.keys(patch).length > 0) {
      await services.activityLogs.write(
        userOf(response),
        {
          action: 'update',
          collectionName: collection.name,
          recordIds: [request.params.id],
          label: 'updated',
        },
        () => collection.update(caller, filter, patch),
      );
    }

    const projection = parseProjection({}, {}, collection);
    const readable = await readableRelations(services, caller, collection, projection);
    const [updated] = await readable.apply(
      await collection.list(caller, filter.override({ page: new Page(0, 1) }), readable.projection),
    );
    response.json(serializeRecord(collection, updated ?? null, projection));
  });
};
