import {
  ConditionTreeFactory,
  Filter,
  Page,
  PaginatedFilter,
  Projection,
  ValidationError,
  getValueById,
} from '@grove/datasource-toolkit';
import type { RouteMounter } from '../../http/route-mounter';
import { callerOf } from '../../http/caller';
import { userOf } from '../../http/middlewares/authenticate';
import { parseId } from '../../query/parse-id';
import { toManyContext } from './related-context';
import { packId } from '@grove/datasource-toolkit';

function firstTargetId(body: unknown): string {
  const data = (body as { data?: unknown } | undefined)?.data;
  const first = Array.isArray(data) ? (data[0] as { id?: unknown } | undefined) : undefined;
  if (first?.id === undefined || first.id === null) {
    throw new ValidationError('Expected a body {"data": [{"id": "…", "type": "…"}]}');
  }

  return String(first.id);
}

/**
 * `POST /{c}/{id}/relationships/{rel}` (docs/agent-protocol.md#associate): links the first record
 * of the body to the parent — OneToMany sets its origin key, ManyToMany inserts a through row
 * (nothing when the target is outside the caller's scope). Needs `edit` on the foreign collection.
 * 204.
 *
 * @example
 * ```ts
 * mountAssociate(router, services);
 * ```
 */
export const mountAssociate: RouteMounter = (router, services) => {
  router.post('/:collectionName/:id/relationships/:relationName', async (request, response) => {
    const context = toManyContext(services, request, request.params.relationName);
    const { parent, parentId, relation, foreign } = context;
    await services.authorization.assertCan(userOf(response), 'edit', foreign.name);
    const caller = callerOf(request, response);
    const targetId = parseId(foreign, firstTargetId(request.body));
    const scope = await services.authorization.getScope(caller, foreign);
    const target = ConditionTreeFactory.intersect(
      ConditionTreeFactory.matchIds(foreign.schema, [targetId]),
      scope ?? null,
    );
    const originValue = await getValueById(caller, parent, parentId, relation.originKeyTarget);
    const operation = {
      action: 'update',
      collectionName: parent.name,
      recordIds: [request.params.id],
      label: `associate "${request.params.relationName}" with record ${packId(targetId)}`,
    };

    await services.activityLogs.write(userOf(response), operation, () => associate());
    response.status(204).end();

    async function associate(): Promise<void> {
      if (relation.type === 'OneToMany') {
        await foreign.update(caller, new Filter({ conditionTree: target }), {
          [relation.originKey]: originValue,
        });
      } else {
        const [record] = await foreign.list(
          caller,
          new PaginatedFilter({ conditionTree: target, page: new Page(0, 1) }),
          new Projection(relation.foreignKeyTarget),
        );
        if (record) {
          const through = parent.dataSource.getCollection(relation.throughCollection);
          await through.create(caller, [
            {
              [relation.originKey]: originValue,
              [relation.foreignKey]: record[relation.foreignKeyTarget],
            },
          ]);
        }
      }
    }
  });
};
