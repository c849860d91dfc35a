import {
  getColumnSchema,
  ValidationError,
  type Aggregation,
  type Collection,
} from '@grove/datasource-toolkit';

/**
 * Refuses an aggregation the collection says it cannot compute: groups when `supportGroups` is
 * false, a group on a column (through relations too) whose `isGroupable` is false, a date
 * operation missing from `supportedDateOperations`.
 *
 * @example
 * ```ts
 * checkAggregateCapabilities(books, new Aggregation({ operation: 'Count', groups: [{ field: 'title' }] }));
 * // throws: Field 'title' is not groupable on "books".
 * ```
 */
export function checkAggregateCapabilities(collection: Collection, aggregation: Aggregation): void {
  if (aggregation.groups.length === 0) return;
  const capabilities = collection.schema.aggregationCapabilities;
  const data = { collection: collection.name };

  if (capabilities && !capabilities.supportGroups) {
    throw new ValidationError('This collection does not support aggregate with groups.', { data });
  }

  for (const { field, operation } of aggregation.groups) {
    if (getColumnSchema(collection, field).isGroupable === false) {
      throw new ValidationError(`Field '${field}' is not groupable on "${collection.name}".`, {
        data: { ...data, field },
      });
    }

    if (operation && capabilities && !capabilities.supportedDateOperations.has(operation)) {
      const supported = [...capabilities.supportedDateOperations];
      throw new ValidationError(
        `Collection "${collection.name}" does not support the '${operation}' date operation. ` +
          `Supported date operations: [${supported.length ? supported.join(', ') : 'none'}].`,
        { data: { ...data, field, operation } },
      );
    }
  }
}
