import { ValidationError } from '@grove/datasource-toolkit';
import type { Collection } from '@grove/datasource-toolkit';
import type { QueryParams } from './query-params';
import { queryLimits } from './query-limits';
import { readQueryString } from './read-query-string';

const falsyFlags: ReadonlySet<string> = new Set(['', '0', 'false']);

/**
 * Reads `search` and `searchExtended` (docs/agent-protocol.md#filters-search-and-segments). A blank
 * search is ignored, even on a collection that is not searchable (bulk bodies send `"search": ""`);
 * the text is kept as typed. `searchExtended` is true unless absent, empty, `0` or `false` (any
 * casing).
 *
 * @param query - The query string, possibly merged with a bulk body's subset query.
 * @param collection - The collection searched.
 * @returns The search text (absent when blank) and whether it extends to to-one relations.
 * @throws ValidationError `Collection is not searchable` for a non-blank search on a collection
 *   whose schema says `searchable: false`; `Search is too long: <n> characters (at most 1000)`
 *   beyond `queryLimits.searchLength`.
 *
 * @example
 * ```ts
 * parseSearch({ search: 'dune', searchExtended: '1' }, books); // { search: 'dune', searchExtended: true }
 * parseSearch({ search: '  ' }, books); // { searchExtended: false }
 * ```
 */
export function parseSearch(
  query: QueryParams,
  collection: Collection,
): { search?: string; searchExtended: boolean } {
  const flag = readQueryString(query, 'searchExtended');
  const searchExtended = flag !== undefined && !falsyFlags.has(flag.trim().toLowerCase());
  const search = readQueryString(query, 'search');
  if (search === undefined || search.trim() === '') return { searchExtended };

  if (!collection.schema.searchable) throw new ValidationError('Collection is not searchable');
  if (search.length > queryLimits.searchLength) {
    throw new ValidationError(
      `Search is too long: ${search.length} characters (at most ${queryLimits.searchLength})`,
    );
  }

  return { search, searchExtended };
}
