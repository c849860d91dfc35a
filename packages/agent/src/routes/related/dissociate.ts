import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Filter,
  PaginatedFilter,
  Projection,
  ValidationError,
  getValueById,
} from '@grove/datasource-toolkit';
import type { RouteMounter } from '../../http/route-mounter';
import { callerOf } from '../../http/caller';
import { userOf } from '../../http/middlewares/authenticate';
import { parseSelection, selectionTree } from '../../query/parse-selection';
import { buildScopedFilter } from '../scoped-filter';
import { linkedRecordsTree, toManyContext } from './related-context';

/**
 * `?delete=` switches to delete mode unless empty, `false` or `0`
 * (docs/decisions.md#d1-dissociate-and-csv).
 */
function isDeleteMode(value: unknown): boolean {
  const text = Array.isArray(value) ? String(value[0]) : value === undefined ? '' : String(value);

  return text !== '' && text !== 'false' && text !== '0';
}

/**
 * `DELETE /{c}/{id}/relationships/{rel}[?delete=true]` (docs/agent-protocol.md#dissociate): unlinks
 * the selected records from the parent (OneToMany: origin key nulled; ManyToMany: through rows
 * deleted), or deletes them with `?delete=true`; always within the foreign scope and the parent's
 * links. Needs `edit` (or `delete`) on the foreign collection. 204.
 *
 * @example
 * ```ts
 * mountDissociate(router, services);
 * ```
 */
export const mountDissociate: RouteMounter = (router, services) => {
  router.delete('/:collectionName/:id/relationships/:relationName', async (request, response) => {
    const context = toManyContext(services, request, request.params.relationName);
    const { parent, parentId, relation, foreign } = context;
    const caller = callerOf(request, response);
    const deleteMode = isDeleteMode(request.query.delete);
    await services.authorization.assertCan(
      userOf(response),
      deleteMode ? 'delete' : 'edit',
      foreign.name,
    );
    const selection = parseSelection(request.body, request.query, foreign);
    if (!selection.allRecords && selection.ids.length === 0) {
      throw new ValidationError('Expected no empty id list');
    }
    const filter = await buildScopedFilter(services, caller, foreign, selection.query, {
      extraTree:
        ConditionTreeFactory.intersect(
          selectionTree(foreign, selection),
          await linkedRecordsTree(caller, context),
        ) ?? undefined,
    });
    const selected = new Filter(filter.components);
    const count = selection.allRecords
      ? 'all matching records'
      : `${selection.ids.length} record(s)`;
    const operation = {
      action: 'update',
      collectionName: parent.name,
      recordIds: [request.params.id],
      label: `dissociate "${request.params.relationName}" from ${count}${deleteMode ? ' and delete them' : ''}`,
    };

    await services.activityLogs.write(userOf(response), operation, () => dissociate());
    response.status(204).end();

    async function dissociate(): Promise<void> {
      if (relation.type === 'OneToMany') {
        if (deleteMode) await foreign.delete(caller, selected);
        else await foreign.update(caller, selected, { [relation.originKey]: null });
      } else {
        const records = await foreign.list(
          caller,
          new PaginatedFilter(selected.components),
          new Projection(relation.foreignKeyTarget),
        );
        const keys = records.map(record => record[relation.foreignKeyTarget]);
        const originValue = await getValueById(caller, parent, parentId, relation.originKeyTarget);
        const through = parent.dataSource.getCollection(relation.throughCollection);
        // The links and the records go together: a failing delete keeps the links.
        await services.dataSource.transaction(async () => {
          await through.delete(
            caller,
            new Filter({
              conditionTree: ConditionTreeFactory.intersect(
                new ConditionTreeLeaf(relation.originKey, 'Equal', originValue),
                new ConditionTreeLeaf(relation.foreignKey, 'In', keys),
              ),
            }),
          );
          if (deleteMode) await foreign.delete(caller, selected);
        });
      }
    }
  });
};
