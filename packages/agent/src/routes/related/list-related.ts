import type { RouteMounter } from '../../http/route-mounter';
import { callerOf } from '../../http/caller';
import { sendJson } from '../../http/send-json';
import { userOf } from '../../http/middlewares/authenticate';
import { parseProjection } from '../../query/parse-projection';
import { serializeRecords } from '../../serializer/serialize-records';
import { countRecords, deactivatedCount } from '../collection/count';
import { exportCsv } from '../export-csv';
import { readableRelations } from '../readable-relations';
import { buildScopedFilter } from '../scoped-filter';
import { linkedRecordsTree, toManyContext } from './related-context';

/**
 * The to-many related routes (docs/agent-protocol.md#related-records): `GET
 * /{c}/{id}/relationships/{rel}` (list), `…/{rel}/count` and `…/{rel}.csv`, on the foreign
 * collection, within its scope; rights are checked on the foreign collection.
 *
 * @example
 * ```ts
 * mountListRelated(router, services);
 * ```
 */
export const mountListRelated: RouteMounter = (router, services) => {
  router.get(
    '/:collectionName/:id/relationships/:relationName/count',
    async (request, response) => {
      const context = toManyContext(services, request, request.params.relationName);
      await services.authorization.assertCan(userOf(response), 'browse', context.foreign.name);
      const caller = callerOf(request, response);
      if (!context.foreign.schema.countable) {
        sendJson(response, deactivatedCount);

        return;
      }
      const filter = await buildScopedFilter(services, caller, context.foreign, request.query, {
        extraTree: await linkedRecordsTree(caller, context),
      });
      const count = await countRecords(caller, context.foreign, filter);
      services.activityLogs.read(userOf(response), {
        action: 'listRelatedData',
        collectionName: context.parent.name,
        recordIds: [request.params.id],
        label: `count relation "${request.params.relationName}"`,
      });
      sendJson(response, { count });
    },
  );

  router.get('/:collectionName/:id/relationships/:relationName', async (request, response) => {
    const { relationName } = request.params;
    const isCsv = relationName.endsWith('.csv');
    const relation = isCsv ? relationName.slice(0, -'.csv'.length) : relationName;
    const context = toManyContext(services, request, relation);
    const user = userOf(response);
    await services.authorization.assertCan(user, 'browse', context.foreign.name);
    if (isCsv) await services.authorization.assertCan(user, 'export', context.foreign.name);
    const caller = callerOf(request, response);
    const linked = await linkedRecordsTree(caller, context);

    // Not `{ ...logged, action, label }`: see docs/style.md#hot-paths.
    const logged = (action: string, label: string) => ({
      action,
      label,
      collectionName: context.parent.name,
      recordIds: [request.params.id],
    });
    if (isCsv) {
      services.activityLogs.read(user, logged('export', `export relation "${relation}"`));
      await exportCsv(services, {
        request,
        response,
        caller,
        collection: context.foreign,
        extraTree: linked,
      });

      return;
    }
    const filter = await buildScopedFilter(services, caller, context.foreign, request.query, {
      extraTree: linked,
    });
    const projection = parseProjection(request.query, request.headers, context.foreign);
    const readable = await readableRelations(services, caller, context.foreign, projection);
    const records = await readable.apply(
      await context.foreign.list(caller, filter, readable.projection),
    );
    services.activityLogs.read(user, logged('listRelatedData', `list relation "${relation}"`));
    sendJson(
      response,
      serializeRecords(context.foreign, records, projection, {
        search: filter.search ?? undefined,
      }),
    );
  });
};
