import {
  ConditionTreeFactory,
  NotFoundError,
  Page,
  Projection,
  ValidationError,
  validateValue,
} from '@grove/datasource-toolkit';
import type { RouteMounter } from '../../http/route-mounter';
import { callerOf } from '../../http/caller';
import { collectionOf } from '../../http/collection-of';
import { userOf } from '../../http/middlewares/authenticate';
import { parseId } from '../../query/parse-id';
import { buildScopedFilter } from '../scoped-filter';

/**
 * `PUT /{c}/{id}/relationships/{field}/{index}` (docs/agent-protocol.md#array-items): replaces (or
 * appends, at the array's length) one element of an array column and writes the array back. 204.
 *
 * @example
 * ```ts
 * mountUpdateField(router, services);
 * ```
 */
export const mountUpdateField: RouteMounter = (router, services) => {
  router.put(
    '/:collectionName/:id/relationships/:field/:index',
    async (request, response, next) => {
      const { index: rawIndex, field } = request.params;
      if (!/^\d+$/.test(rawIndex)) return next();
      const collection = collectionOf(services.dataSource, request.params.collectionName);
      await services.authorization.assertCan(userOf(response), 'edit', collection.name);
      const caller = callerOf(request, response);
      const schema = collection.schema.fields[field];
      if (!schema) throw new NotFoundError(`Field '${collection.name}.${field}' not found`);
      if (schema.type !== 'Column' || !Array.isArray(schema.columnType)) {
        throw new ValidationError(`'${collection.name}.${field}' is not an array field`);
      }

      const byId = ConditionTreeFactory.matchIds(collection.schema, [
        parseId(collection, request.params.id),
      ]);
      const filter = await buildScopedFilter(services, caller, collection, {}, { extraTree: byId });
      const [record] = await collection.list(
        caller,
        filter.override({ page: new Page(0, 1) }),
        new Projection(field),
      );
      const array = Array.isArray(record?.[field]) ? [...(record[field] as unknown[])] : [];
      const index = Number(rawIndex);
      if (index > array.length) throw new ValidationError(`Field '${field}' is too short`);
      const body = request.body as { data?: { attributes?: unknown } } | undefined;
      const item = body?.data?.attributes;
      if (item === undefined) {
        throw new ValidationError('Expected a body {"data": {"attributes": {…}}}');
      }
      // The item has the array's item type, like any value written (a 400 otherwise).
      const [itemType] = schema.columnType;
      if (itemType !== undefined) {
        validateValue(`${field}.${index}`, { type: 'Column', columnType: itemType }, item);
      }
      array[index] = item;

      if (record) {
        await services.activityLogs.write(
          userOf(response),
          {
            action: 'update',
            collectionName: collection.name,
            recordIds: [request.params.id],
            label: `updated item ${index} of "${field}"`,
          },
          () => collection.update(caller, filter, { [field]: array }),
        );
      }
      response.status(204).end();
    },
  );
};
