import {
  ValidationError,
  allowedOperatorsFor,
  getColumnSchema,
  isToOne,
  missingSchemaElement,
  validateFieldName,
  type Collection,
  type RecordData,
} from '@grove/datasource-toolkit';
import type { CollectionCustomizer } from '../collection-customizer';
import type { TCollectionName, TFieldName, TSchema, TUntypedSchema } from '../types/schema-typing';

/**
 * Options of `importField`: the to-one path to copy, and whether the copy stays read-only
 * (by default it is writable through the relation when the source column is).
 *
 * @example
 * ```ts
 * const options: ImportFieldOptions = { path: 'author:address:city', readonly: true };
 * ```
 */
export interface ImportFieldOptions<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> {
  readonly path: TFieldName<S, N>;
  readonly readonly?: boolean;
}

/**
 * Adds `name` to `customizer` as a copy of the column at `options.path` (crossing to-one
 * relations only): a computed field of the same type, filterable with the source's operators
 * (each replaced by the path), sortable when the source is, writable through the relation
 * unless read-only. `collection` is the layer the path is resolved on (late computed).
 *
 * @example
 * ```ts
 * importField(books, stack.lateComputed.getCollection('books'), 'authorName', { path: 'author:name' });
 * ```
 */
export function importField<S extends TSchema, N extends TCollectionName<S>>(
  customizer: CollectionCustomizer<S, N>,
  collection: Collection,
  name: string,
  options: ImportFieldOptions<S, N>,
): void {
  const path: string = options.path;
  validateFieldName(collection.name, name);
  const column = getColumnSchema(resolveLastCollection(collection, name, path), lastSegment(path));
  if (options.readonly === false && column.isReadOnly) {
    throw new ValidationError(
      `Readonly option should not be false because the field "${path}" is not writable ` +
        `(imported field '${collection.name}.${name}')`,
    );
  }

  customizer.addField(name, {
    columnType: column.columnType,
    dependencies: [options.path],
    getValues: records => records.map(record => readPath(record as RecordData, path)),
    ...(column.defaultValue !== undefined ? { defaultValue: column.defaultValue } : {}),
    ...(column.enumValues ? { enumValues: column.enumValues } : {}),
  });
  const field = name as Parameters<CollectionCustomizer<S, N>['replaceFieldWriting']>[0];
  if (!options.readonly && !column.isReadOnly) {
    // `address:city` ← v becomes the patch { address: { city: v } }, written by the relation.
    customizer.replaceFieldWriting(
      field,
      value =>
        path
          .split(':')
          .reverse()
          .reduce<unknown>((patch, segment) => ({ [segment]: patch }), value) as RecordData,
    );
  }
  // A data source may filter natively with more operators than Grove allows on the type (SQL
  // compares strings with LessThan): the imported field offers the allowed ones.
  const allowed = allowedOperatorsFor(column.columnType);
  for (const operator of column.filterOperators ?? []) {
    if (!allowed.has(operator)) continue;
    customizer.replaceFieldOperator(field, operator, value => ({ field: path, operator, value }));
  }
  if (column.isSortable) {
    customizer.replaceFieldSorting(field, [{ field: options.path, ascending: true }]);
  }
}

/** Walks the relations of `path`, which must all be to-one. */
function resolveLastCollection(collection: Collection, name: string, path: string): Collection {
  return path
    .split(':')
    .slice(0, -1)
    .reduce((current, segment) => {
      const field = current.schema.fields[segment];
      if (!field) {
        throw missingSchemaElement(
          'field',
          current.name,
          segment,
          Object.keys(current.schema.fields),
        );
      }
      if (!isToOne(field)) {
        throw new ValidationError(
          `Invalid options.path '${path}' of the imported field '${collection.name}.${name}': ` +
            `'${current.name}.${segment}' is a ${field.type === 'Column' ? 'column' : `${field.type} relation`}, ` +
            'only ManyToOne and OneToOne relations can be crossed.',
        );
      }

      return current.dataSource.getCollection(field.foreignCollection);
    }, collection);
}

function lastSegment(path: string): string {
  return path.substring(path.lastIndexOf(':') + 1);
}

function readPath(record: RecordData, path: string): unknown {
  return path.split(':').reduce<unknown>((value, segment) => {
    if (typeof value !== 'object' || value === null) return null;

    return (value as RecordData)[segment] ?? null;
  }, record);
}
