import { ConditionTreeFactory } from '@grove/datasource-toolkit';
import type { RouteMounter } from '../../http/route-mounter';
import { callerOf } from '../../http/caller';
import { collectionOf } from '../../http/collection-of';
import { userOf } from '../../http/middlewares/authenticate';
import { parseId } from '../../query/parse-id';
import { parseSelection, selectionTree } from '../../query/parse-selection';
import { buildScopedFilter } from '../scoped-filter';
import { selectionLog } from '../../activity/selection-log';

/**
 * `DELETE /{c}/{id}` and `DELETE /{c}` (docs/agent-protocol.md#delete): deletes one record, or the
 * selection of a bulk body (`ids`, or `all_records` minus exclusions with the list's query), always
 * within the caller's scope. 204.
 *
 * @example
 * ```ts
 * mountDelete(router, services);
 * ```
 */
export const mountDelete: RouteMounter = (router, services) => {
  router.delete('/:collectionName/:id', async (request, response) => {
    const collection = collectionOf(services.dataSource, request.params.collectionName);
    await services.authorization.assertCan(userOf(response), 'delete', collection.name);
    const caller = callerOf(request, response);
    const byId = ConditionTreeFactory.matchIds(collection.schema, [
      parseId(collection, request.params.id),
    ]);
    const filter = await buildScopedFilter(services, caller, collection, request.query, {
      extraTree: byId,
    });
    await services.activityLogs.write(
      userOf(response),
      {
        action: 'delete',
        collectionName: collection.name,
        recordIds: [request.params.id],
        label: 'deleted',
      },
      () => collection.delete(caller, filter),
    );
    response.status(204).end();
  });

  router.delete('/:collectionName', async (request, response) => {
    const collection = collectionOf(services.dataSource, request.params.collectionName);
    await services.authorization.assertCan(userOf(response), 'delete', collection.name);
    const caller = callerOf(request, response);
    const selection = parseSelection(request.body, request.query, collection);
    if (selection.allRecords || selection.ids.length > 0) {
      const filter = await buildScopedFilter(services, caller, collection, selection.query, {
        extraTree: selectionTree(collection, selection),
      });
      await services.activityLogs.write(
        userOf(response),
        {
          action: 'delete',
          collectionName: collection.name,
          ...selectionLog(selection, 'deleted'),
        },
        () => collection.delete(caller, filter),
      );
    }
    response.status(204).end();
  });
};
