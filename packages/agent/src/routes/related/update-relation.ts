import { ConditionTreeFactory, NotFoundError, ValidationError } from '@grove/datasource-toolkit';
import type { RouteMounter } from '../../http/route-mounter';
import { callerOf } from '../../http/caller';
import { collectionOf } from '../../http/collection-of';
import { parseId } from '../../query/parse-id';
import { linkOneToOne, manyToOneValue } from '../collection/link-to-one';
import { buildScopedFilter } from '../scoped-filter';
import { userOf } from '../../http/middlewares/authenticate';

/**
 * The id to link, or `null` to unlink: `{"data": null}` unlinks, `{"data": {"id": …}}` with a
 * string or number id links; anything else (no body, `{"data": []}`, `{"data": {}}`) is a 400
 * rather than an unlink by accident.
 */
function targetOf(body: unknown): string | null {
  const data = (body as { data?: unknown } | undefined)?.data;
  if (data === null) return null;
  const id =
    typeof data === 'object' && !Array.isArray(data) ? (data as { id?: unknown }).id : undefined;
  if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) return String(id);

  throw new ValidationError('Expected {"data": {"id": <id>}} to link, or {"data": null} to unlink');
}

/**
 * `PUT /{c}/{id}/relationships/{rel}` (docs/agent-protocol.md#to-one-relations): links (`{"data":
 * {"id": …}}`) or unlinks (`{"data": null}`) a to-one relation. ManyToOne writes the parent's
 * foreign key (edit on the parent, parent scope); OneToOne moves the foreign origin key (edit on
 * the foreign). A target needs browse on the foreign collection and must lie within its scope (403
 * / 404). 204.
 *
 * @example
 * ```ts
 * mountUpdateRelation(router, services);
 * ```
 */
export const mountUpdateRelation: RouteMounter = (router, services) => {
  router.put('/:collectionName/:id/relationships/:relationName', async (request, response) => {
    const parent = collectionOf(services.dataSource, request.params.collectionName);
    const relation = parent.schema.fields[request.params.relationName];
    if (relation?.type !== 'ManyToOne' && relation?.type !== 'OneToOne') {
      throw new NotFoundError(`Relation '${parent.name}.${request.params.relationName}' not found`);
    }
    const caller = callerOf(request, response);
    const parentId = parseId(parent, request.params.id);
    const target = targetOf(request.body);

    const operation = {
      action: 'update',
      collectionName: parent.name,
      recordIds: [request.params.id],
      label: `updated relation "${request.params.relationName}"`,
    };
    if (relation.type === 'OneToOne') {
      // linkOneToOne checks its rights before it writes: it runs inside the logged write.
      await services.activityLogs.write(userOf(response), operation, () =>
        linkOneToOne(services, caller, {
          collection: parent,
          relation,
          parentId,
          packedTargetId: target,
        }),
      );
    } else {
      await services.authorization.assertCan(caller, 'edit', parent.name);
      const value = await manyToOneValue(services, caller, parent, relation, target);
      const filter = await buildScopedFilter(
        services,
        caller,
        parent,
        {},
        {
          extraTree: ConditionTreeFactory.matchIds(parent.schema, [parentId]),
        },
      );
      await services.activityLogs.write(userOf(response), operation, () =>
        parent.update(caller, filter, { [relation.foreignKey]: value }),
      );
    }
    response.status(204).end();
  });
};
