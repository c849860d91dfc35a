import type { Collection } from '../interfaces/collection';
import type { RecordData } from '../interfaces/record';
import type { ColumnType } from '../interfaces/schema';
import { getFieldValue } from '../utils/record-utils';
import { isToOne } from '../utils/schema-utils';

interface SearchedColumn {
  readonly path: string;
  readonly columnType: ColumnType;
}

const searchedTypes: ReadonlySet<unknown> = new Set(['String', 'Enum', 'Number', 'Uuid']);

/**
 * The paths a search reads: the String, Enum, Number and Uuid columns of the collection and,
 * when extended, those of its first-level to-one relations (`author:name`).
 *
 * @example
 * ```ts
 * searchedColumns(books, true).map(c => c.path); // ['title', 'isbn', 'author:name', …]
 * ```
 */
export function searchedColumns(collection: Collection, extended: boolean): SearchedColumn[] {
  const columns = (target: Collection, prefix: string): SearchedColumn[] =>
    Object.entries(target.schema.fields).flatMap(([name, field]) =>
      field.type === 'Column' && searchedTypes.has(field.columnType)
        ? [{ path: `${prefix}${name}`, columnType: field.columnType }]
        : [],
    );

  const own = columns(collection, '');
  if (!extended) return own;

  return Object.entries(collection.schema.fields).reduce((all, [name, field]) => {
    if (!isToOne(field)) return all;

    return [
      ...all,
      ...columns(collection.dataSource.getCollection(field.foreignCollection), `${name}:`),
    ];
  }, own);
}

/**
 * Builds the predicate of a search term: case-insensitive substring on String and Enum columns,
 * equality on Number columns when the term is a number, case-insensitive equality on Uuid ones.
 *
 * @example
 * ```ts
 * const matches = searchPredicate(searchedColumns(books, false), 'dune');
 * matches({ title: 'Dune' }); // true
 * ```
 */
export function searchPredicate(
  columns: readonly SearchedColumn[],
  term: string,
): (record: RecordData) => boolean {
  const needle = term.trim().toLowerCase();
  const number = needle !== '' && Number.isFinite(Number(needle)) ? Number(needle) : null;

  return record =>
    needle === '' ||
    columns.some(({ path, columnType }) => {
      const value = getFieldValue(record, path);
      if (columnType === 'Number')
        return number !== null && value !== null && Number(value) === number;
      if (typeof value !== 'string') return false;

      return columnType === 'Uuid'
        ? value.toLowerCase() === needle
        : value.toLowerCase().includes(needle);
    });
}
