import type { Plugin } from '@grove/datasource-customizer';
import type { ColumnType, NestedEnumType } from '@grove/datasource-toolkit';
import { addFlattenedFields } from './add-flattened-fields';
import { selectPaths } from './select-paths';
import { isObjectNode } from './type-tree';
import { cannotFlatten, getColumn, requireCollection, requireOption } from './validate-options';

/** Options of {@link flattenColumn}. */
export interface FlattenColumnOptions {
  /** The composite column to flatten. */
  readonly columnName: string;
  /** Paths to flatten (`street`, `geo.lat`, `geo:lat`); when given, `level` is ignored. */
  readonly include?: readonly string[];
  /** Paths to skip; excluding a parent path also excludes its children. */
  readonly exclude?: readonly string[];
  /** How deep to flatten when `include` is absent (default 1: the direct sub-fields). */
  readonly level?: number;
  /** Makes the flattened fields read-only (default false: writes fold into the column). */
  readonly readonly?: boolean;
  /** A type tree used instead of the schema's type (e.g. to describe a `Json` column). */
  readonly columnType?: { readonly [key: string]: ColumnType | NestedEnumType };
}

/**
 * Flattens a composite column into one field per sub-field, named `<column>@@@<sub>`: read in
 * batch from the column, filterable and sortable (in memory) when the column is, and writable
 * by folding the value back into the column unless `readonly`. The column itself is kept.
 * Bad options fail when the data source is built, naming the collection and the column.
 *
 * @example
 * ```ts
 * agent.customizeCollection('customers', customers =>
 *   customers.use(flattenColumn, { columnName: 'address', include: ['street', 'geo.lat'] }),
 * );
 * // → address@@@street, address@@@geo@@@lat
 * ```
 */
export const flattenColumn: Plugin<FlattenColumnOptions> = (_dataSource, customizer, options) => {
  const columnName = requireOption('flattenColumn', 'columnName', options?.columnName);
  const collection = requireCollection(customizer, 'flattenColumn');
  const column = getColumn(collection, columnName);
  const type = options.columnType ?? column.columnType;

  if (Array.isArray(column.columnType)) {
    throw cannotFlatten(collection, columnName, 'lists cannot be flattened');
  }
  if (column.columnType === 'Json' && !options.columnType) {
    throw cannotFlatten(
      collection,
      columnName,
      'it is a Json column, use flattenJsonColumn or give options.columnType',
    );
  }
  if (typeof column.columnType === 'string' && column.columnType !== 'Json') {
    throw cannotFlatten(
      collection,
      columnName,
      `its type '${column.columnType}' is neither composite nor Json`,
    );
  }
  if (!isObjectNode(type)) {
    throw cannotFlatten(collection, columnName, 'options.columnType must be an object type');
  }

  const paths = selectPaths(collection, columnName, type, {
    include: options.include ?? [],
    exclude: options.exclude ?? [],
    level: options.level ?? 1,
  });
  addFlattenedFields({
    collection,
    columnName,
    column,
    paths,
    readonly: options.readonly ?? false,
  });
};
