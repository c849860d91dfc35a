import { ConditionTreeFactory, Filter, PaginatedFilter } from '@grove/datasource-toolkit';
import type { Collection, ConditionTree } from '@grove/datasource-toolkit';
import { parseFilters } from './parse-condition-tree';
import { parsePage } from './parse-page';
import type { QueryParams } from './query-params';
import { parseSearch } from './parse-search';
import { parseLiveQuerySegment, parseSegment } from './parse-segment';
import { parseSort } from './parse-sort';

/**
 * Options of {@link buildFilter} and {@link buildPaginatedFilter}.
 *
 * @example
 * ```ts
 * const options: BuildFilterOptions = { scope, extraTree: selectionTree(books, selection) };
 * ```
 */
export interface BuildFilterOptions {
  /**
   * The caller's scope on the collection (docs/agent-protocol.md#scopes), already substituted;
   * `null` = none.
   */
  readonly scope?: ConditionTree | null;
  /** Another restriction (a selection, the parent of a related list, an id…); `null` = none. */
  readonly extraTree?: ConditionTree | null;
  /** The caller's timezone, handed to the condition-tree parser. */
  readonly timezone?: string;
  /**
   * Reads `segmentQuery` + `connectionName` (list and count only;
   * docs/agent-protocol.md#filters-search-and-segments).
   */
  readonly withLiveQuery?: boolean;
  /** The largest `page[size]` (the agent's `maxPageSize`); no cap when absent. */
  readonly maxPageSize?: number;
}

/**
 * The filter of a data route (docs/agent-protocol.md#filters-search-and-segments): `filters` ∧
 * scope ∧ `extraTree`, with the search, `searchExtended`, the segment and, when asked, the
 * live-query segment (its `{{currentUser.x}}` placeholders are left for the route to bind).
 *
 * @param collection - The collection filtered.
 * @param query - The query string, or a selection's merged query.
 * @param options - Scope, extra tree, timezone, live query.
 * @throws ValidationError / UnprocessableError of the parsers it calls.
 *
 * @example
 * ```ts
 * const filter = buildFilter(books, request.query, { scope, withLiveQuery: true });
 * const count = await books.aggregate(caller, filter, new Aggregation({ operation: 'Count' }));
 * ```
 */
export function buildFilter(
  collection: Collection,
  query: QueryParams,
  options: BuildFilterOptions = {},
): Filter {
  const filters = parseFilters(query, collection, options.timezone);
  const { search, searchExtended } = parseSearch(query, collection);

  return new Filter({
    conditionTree: ConditionTreeFactory.intersect(filters, options.scope, options.extraTree),
    search: search ?? null,
    searchExtended,
    segment: parseSegment(query, collection) ?? null,
    liveQuerySegment: options.withLiveQuery ? (parseLiveQuerySegment(query) ?? null) : null,
  });
}

/**
 * {@link buildFilter} plus the page (`page[size]`, `page[number]`) and the sort (`sort`; empty
 * when absent: no default order on lists, docs/agent-protocol.md#sorting).
 *
 * @example
 * ```ts
 * const filter = buildPaginatedFilter(books, request.query, { scope, withLiveQuery: true });
 * const records = await books.list(caller, filter, projection);
 * ```
 */
export function buildPaginatedFilter(
  collection: Collection,
  query: QueryParams,
  options: BuildFilterOptions = {},
): PaginatedFilter {
  const filter = buildFilter(collection, query, options);

  // Not `{ ...filter.components, page, sort }`: see docs/style.md#hot-paths.
  return new PaginatedFilter(
    Object.assign(filter.components, {
      page: parsePage(query, { maxPageSize: options.maxPageSize }),
      sort: parseSort(query, collection),
    }),
  );
}
