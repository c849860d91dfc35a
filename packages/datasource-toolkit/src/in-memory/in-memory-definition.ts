import type { RecordData } from '../interfaces/record';
import type { ColumnSchema, RelationSchema } from '../interfaces/schema';
import type { PlainConditionTree } from '../query/condition-tree/nodes/condition-tree';

/** A column of an in-memory collection: its filter operators are derived from its type. */
export type InMemoryColumnDefinition = Omit<ColumnSchema, 'filterOperators'>;

/** A field of an in-memory collection: a column or a relation. */
export type InMemoryFieldDefinition = InMemoryColumnDefinition | RelationSchema;

/** One collection of an in-memory data source. */
export interface InMemoryCollectionDefinition {
  /** The fields, in schema order (composite primary keys follow this order). */
  readonly fields: Readonly<Record<string, InMemoryFieldDefinition>>;
  /** The initial records (copied; generated keys and default values are filled in). */
  readonly records?: readonly RecordData[];
  /** Named segments, as plain condition trees. */
  readonly segments?: Readonly<Record<string, PlainConditionTree>>;
}

/**
 * What `createInMemoryDataSource` builds: collections by name.
 *
 * @example
 * ```ts
 * const definition: InMemoryDataSourceDefinition = {
 *   collections: {
 *     books: {
 *       fields: {
 *         id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
 *         title: { type: 'Column', columnType: 'String' },
 *       },
 *       records: [{ id: 1, title: 'Dune' }],
 *     },
 *   },
 * };
 * ```
 */
export interface InMemoryDataSourceDefinition {
  readonly collections: Readonly<Record<string, InMemoryCollectionDefinition>>;
}
