import type { RenderingCollection } from './permission-types';

const unionMarker = '/*MULTI-SEGMENTS-QUERIES-UNION*/ UNION';

function normalize(query: string): string {
  // Stored queries are compared with their first `;` (and the spaces after it) removed.
  return query.replace(/;\s*/, '').trim();
}

/**
 * Tells whether a live-query segment (its SQL text) is one the rendering allows: every part of
 * a front-end UNION must equal a stored query, and with a connection name the query must be
 * listed for that connection too.
 *
 * @example
 * ```ts
 * isSegmentQueryAllowed(rendering.collections.books, 'SELECT id FROM books', 'main');
 * ```
 */
export function isSegmentQueryAllowed(
  collection: RenderingCollection | undefined,
  query: string,
  connectionName?: string,
): boolean {
  if (!collection) return false;
  const stored = (collection.segments ?? []).map(normalize);
  const forConnection = (collection.liveQuerySegments ?? [])
    .filter(segment => segment.connectionName === connectionName)
    .map(segment => normalize(segment.query));

  return query
    .split(unionMarker)
    .map(normalize)
    .every(
      part =>
        stored.includes(part) && (connectionName === undefined || forConnection.includes(part)),
    );
}
