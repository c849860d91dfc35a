import { UnprocessableError, ValidationError } from '@grove/datasource-toolkit';
import type { Collection } from '@grove/datasource-toolkit';
import type { QueryParams } from './query-params';
import { readQueryString } from './read-query-string';

/**
 * Reads `segment`, the name of a segment defined in code
 * (docs/agent-protocol.md#filters-search-and-segments).
 * docs/decisions.md#d3-unknown-segments-and-empty-counts: an unknown name is refused instead of
 * being ignored.
 *
 * @param query - The query string, possibly merged with a bulk body's subset query.
 * @param collection - The collection whose `schema.segments` list the known names.
 * @returns The segment name, or `undefined` when absent or empty.
 * @throws ValidationError `Invalid segment: "<name>"` for a name the collection does not list.
 *
 * @example
 * ```ts
 * parseSegment({ segment: 'published' }, books); // 'published'
 * parseSegment({ segment: 'nope' }, books); // throws: Invalid segment: "nope"
 * ```
 */
export function parseSegment(query: QueryParams, collection: Collection): string | undefined {
  const segment = readQueryString(query, 'segment');
  if (segment === undefined || segment === '') return undefined;
  if (!collection.schema.segments.includes(segment)) {
    throw new ValidationError(`Invalid segment: "${segment}"`);
  }

  return segment;
}

/**
 * Reads a live-query (SQL) segment: `segmentQuery` with its `connectionName`
 * (docs/agent-protocol.md#filters-search-and-segments). The `{{currentUser.x}}` placeholders are
 * left in the query for the route to bind.
 *
 * @param query - The query string, possibly merged with a bulk body's subset query.
 * @returns The query and its connection, or `undefined` when `segmentQuery` is absent or blank.
 * @throws UnprocessableError `Missing native query connection attribute` when `segmentQuery` is
 *   given without `connectionName`.
 *
 * @example
 * ```ts
 * parseLiveQuerySegment({ segmentQuery: 'SELECT id FROM books', connectionName: 'main' });
 * // { query: 'SELECT id FROM books', connectionName: 'main' }
 * ```
 */
export function parseLiveQuerySegment(
  query: QueryParams,
): { query: string; connectionName: string } | undefined {
  const segmentQuery = readQueryString(query, 'segmentQuery');
  if (segmentQuery === undefined || segmentQuery.trim() === '') return undefined;

  const connectionName = readQueryString(query, 'connectionName');
  if (connectionName === undefined || connectionName === '') {
    throw new UnprocessableError('Missing native query connection attribute');
  }

  return { query: segmentQuery, connectionName };
}
