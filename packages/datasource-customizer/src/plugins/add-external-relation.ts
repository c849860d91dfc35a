import {
  getPrimaryKeys,
  type Collection,
  type PrimitiveType,
  type RecordData,
} from '@grove/datasource-toolkit';
import type { CollectionCustomizer } from '../collection-customizer';
import type { CollectionCustomizationContext } from '../context/customization-context';
import type {
  TCollectionName,
  TFieldName,
  TPartialRow,
  TSchema,
  TUntypedSchema,
} from '../types/schema-typing';

/**
 * Related data served by code instead of a collection: the shape of its records, how to list
 * the records related to one record, and the fields that listing needs (default: primary keys).
 *
 * @example
 * ```ts
 * const reviews: ExternalRelationDefinition = {
 *   schema: { rating: 'Number', text: 'String' },
 *   dependencies: ['isbn'],
 *   listRecords: async ({ isbn }) => reviewsApi.list(isbn),
 * };
 * ```
 */
export interface ExternalRelationDefinition<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> {
  readonly schema: Readonly<Record<string, PrimitiveType>>;
  readonly dependencies?: readonly TFieldName<S, N>[];
  listRecords(
    record: TPartialRow<S, N>,
    context: CollectionCustomizationContext,
  ): RecordData[] | Promise<RecordData[]>;
}

/**
 * Adds an external relation to `customizer`: a computed field whose values are arrays of
 * objects of `definition.schema`, one `listRecords` call per record.
 *
 * @example
 * ```ts
 * addExternalRelation(books, stack.lateComputed.getCollection('books'), 'reviews', reviews);
 * ```
 */
export function addExternalRelation<S extends TSchema, N extends TCollectionName<S>>(
  customizer: CollectionCustomizer<S, N>,
  collection: Collection,
  name: string,
  definition: ExternalRelationDefinition<S, N>,
): void {
  const dependencies =
    definition.dependencies ?? (getPrimaryKeys(collection.schema) as TFieldName<S, N>[]);
  customizer.addField(name, {
    columnType: [{ ...definition.schema }],
    dependencies,
    getValues: (records, context) =>
      Promise.all(records.map(record => definition.listRecords(record, context))),
  });
}
