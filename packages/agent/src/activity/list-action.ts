/**
 * The logged action of a list (the vendor's names): `search` with a search text, else `filter`
 * when the query has filters, else `index`.
 *
 * @example
 * ```ts
 * listAction(filter.search, request.query); // 'search'
 * ```
 */
export function listAction(
  search: string | null | undefined,
  query: Readonly<Record<string, unknown>>,
): 'index' | 'search' | 'filter' {
  if (search) return 'search';
  const { filters } = query;

  return typeof filters === 'string' && filters.length > 0 ? 'filter' : 'index';
}
