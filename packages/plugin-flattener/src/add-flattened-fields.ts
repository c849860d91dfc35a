import type { CollectionCustomizer } from '@grove/datasource-customizer';
import type { ColumnSchema } from '@grove/datasource-toolkit';
import { foldWrites } from './fold-writes';
import { readNested } from './nested-values';
import { isNestedEnum, type TypedPath } from './type-tree';

/** The separator of flattened field names: `address@@@geo@@@lat`. */
export const separator = '@@@';

/** What {@link addFlattenedFields} needs once the options are validated. */
export interface FlattenedFieldsOptions {
  readonly collection: CollectionCustomizer;
  readonly columnName: string;
  readonly column: ColumnSchema;
  readonly paths: readonly TypedPath[];
  readonly readonly: boolean;
}

/**
 * Adds one computed field per path, reading inside the column in batch; filterable and
 * sortable (emulated in memory) when the column is; writable by folding into the column unless
 * read-only.
 *
 * @example
 * ```ts
 * addFlattenedFields({ collection, columnName: 'address', column, readonly: false,
 *   paths: [{ segments: ['street'], type: 'String' }] });
 * ```
 */
export function addFlattenedFields(options: FlattenedFieldsOptions): string[] {
  const { collection, columnName, column, paths } = options;
  const fields = new Map<string, readonly string[]>();

  for (const { segments, type } of paths) {
    const name = [columnName, ...segments].join(separator);
    fields.set(name, segments);
    collection.addField(name, {
      columnType: isNestedEnum(type) ? 'Enum' : type,
      ...(isNestedEnum(type) ? { enumValues: [...type.enumValues] } : {}),
      dependencies: [columnName],
      getValues: records => records.map(record => readNested(record[columnName], segments)),
    });
    // Data sources cannot filter or sort inside a composite or JSON value: both are emulated
    // in memory, and only offered when the column itself can be filtered / sorted.
    if (column.filterOperators && column.filterOperators.size > 0) {
      collection.emulateFieldFiltering(name);
    }
    if (column.isSortable) collection.emulateFieldSorting(name);
  }

  if (!options.readonly && !column.isReadOnly) foldWrites(collection, columnName, fields);

  return [...fields.keys()];
}
