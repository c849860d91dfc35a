import type { Plugin } from '@grove/datasource-customizer';
import type { ColumnType, NestedEnumType } from '@grove/datasource-toolkit';
import { addFlattenedFields } from './add-flattened-fields';
import { selectPaths } from './select-paths';
import { depthOf, isObjectNode } from './type-tree';
import { cannotFlatten, getColumn, requireCollection, requireOption } from './validate-options';

/** Options of {@link flattenJsonColumn}. */
export interface FlattenJsonColumnOptions {
  /** The `Json` column to flatten. */
  readonly columnName: string;
  /**
   * The subset of the JSON shape to expose: a type name per key, nested objects for deeper
   * levels, `{ type: 'Enum', enumValues }` for enums and one-element arrays (`['String']`) for
   * lists, which are flattened as one list-typed field.
   */
  readonly columnType: { readonly [key: string]: ColumnType | NestedEnumType };
  /** How deep to flatten (default: the depth of `columnType`, i.e. every leaf). */
  readonly level?: number;
  /** Makes the flattened fields read-only (default false: writes fold into the JSON). */
  readonly readonly?: boolean;
  /** Keeps the original JSON column in the exported schema (default false: it is hidden). */
  readonly keepOriginalColumn?: boolean;
}

/**
 * Flattens a `Json` column into one field per key of `columnType`, named `<column>@@@<key>`:
 * read from the JSON, filterable and sortable (in memory) when the column is, and writable
 * by merging into the stored JSON (other keys survive) unless `readonly`. The JSON column is
 * hidden from the exported schema unless `keepOriginalColumn`.
 *
 * @example
 * ```ts
 * agent.customizeCollection('customers', customers =>
 *   customers.use(flattenJsonColumn, {
 *     columnName: 'prefs',
 *     columnType: { theme: 'String', notify: { email: 'Boolean' } },
 *   }),
 * );
 * // → prefs@@@theme, prefs@@@notify@@@email; `prefs` is hidden
 * ```
 */
export const flattenJsonColumn: Plugin<FlattenJsonColumnOptions> = (
  _dataSource,
  customizer,
  options,
) => {
  const columnName = requireOption('flattenJsonColumn', 'columnName', options?.columnName);
  const collection = requireCollection(customizer, 'flattenJsonColumn');
  const column = getColumn(collection, columnName);

  if (column.columnType !== 'Json') {
    throw cannotFlatten(
      collection,
      columnName,
      `it is not a Json column${typeof column.columnType === 'string' ? '' : ', use flattenColumn'}`,
    );
  }
  if (!isObjectNode(options.columnType) || Object.keys(options.columnType).length === 0) {
    throw cannotFlatten(
      collection,
      columnName,
      'options.columnType is required: a non-empty type tree of the JSON keys to expose',
    );
  }

  const paths = selectPaths(collection, columnName, options.columnType, {
    include: [],
    exclude: [],
    level: options.level ?? depthOf(options.columnType),
  });
  addFlattenedFields({
    collection,
    columnName,
    column,
    paths,
    readonly: options.readonly ?? false,
  });
  if (!options.keepOriginalColumn) collection.removeField(columnName);
};
