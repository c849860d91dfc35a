import { Sort, ValidationError, getColumnSchema, validateSort } from '@grove/datasource-toolkit';
import type { Collection, SortClause } from '@grove/datasource-toolkit';
import type { QueryParams } from './query-params';
import { queryLimits } from './query-limits';
import { readQueryString } from './read-query-string';

/**
 * Reads `?sort=f1,-f2` (docs/agent-protocol.md#sorting): comma-separated fields, a leading `-` for
 * descending, and a relation path written with a dot (`author.lastName`), of which only the first
 * dot becomes the internal `:` separator. Every field must be a column reachable through to-one
 * relations and sortable (a column without `isSortable: false`, as `Sort.byPrimaryKeys` reads it).
 *
 * @param query - The query string (`request.query`).
 * @param collection - The collection the sort applies to.
 * @returns The sort; an empty `Sort` when `sort` is absent or empty (no default order is added).
 * @throws ValidationError `Invalid sort: <raw value>` naming the whole parameter; `Invalid sort:
 *   more than 32 fields` beyond `queryLimits.sortFields`.
 *
 * @example
 * ```ts
 * parseSort({ sort: '-publishedAt,author.lastName' }, books);
 * // Sort [{ field: 'publishedAt', ascending: false }, { field: 'author:lastName', ascending: true }]
 * parseSort({ sort: '-foo' }, books); // throws: Invalid sort: -foo
 * ```
 */
export function parseSort(query: QueryParams, collection: Collection): Sort {
  const raw = readQueryString(query, 'sort');
  if (raw === undefined || raw.trim() === '') return new Sort();
  const clauses = raw.split(',');
  if (clauses.length > queryLimits.sortFields) {
    throw new ValidationError(`Invalid sort: more than ${queryLimits.sortFields} fields`);
  }

  try {
    const sort = new Sort(...clauses.map(readClause));
    validateSort(sort, collection);
    for (const { field } of sort) {
      if (getColumnSchema(collection, field).isSortable === false) throw new Error('not sortable');
    }

    return sort;
  } catch (error) {
    throw new ValidationError(`Invalid sort: ${raw}`, { cause: error });
  }
}

function readClause(text: string): SortClause {
  const item = text.trim();
  const ascending = !item.startsWith('-');
  const field = (ascending ? item : item.substring(1)).replace('.', ':');
  if (field === '') throw new Error('empty sort field');

  return { field, ascending };
}
