import type { Caller, Collection, ConditionTree, PaginatedFilter } from '@grove/datasource-toolkit';
import type { AgentServices } from '../http/agent-services';
import { buildPaginatedFilter } from '../query/build-filter';
import { ChartVariables } from './charts/chart-variables';
import type { QueryParams } from '../query/query-params';

/** Options of {@link buildScopedFilter}. */
export interface ScopedFilterOptions {
  /** A restriction added to the request's filters (ids of a route, parent relation…). */
  readonly extraTree?: ConditionTree;
  /** Whether `segmentQuery` (live-query segments) is honoured: list and count only. */
  readonly withLiveQuery?: boolean;
}

/**
 * The record set of a data route (spec §3.4): the request's `filters` AND the caller's scope AND
 * segment AND search AND the route's own restriction, plus page and sort. A live-query segment
 * is checked against the caller's rights and receives the caller's `{{currentUser.x}}` values.
 *
 * @example
 * ```ts
 * const filter = await buildScopedFilter(services, caller, books, request.query);
 * ```
 */
export async function buildScopedFilter(
  services: AgentServices,
  caller: Caller,
  collection: Collection,
  query: QueryParams,
  options: ScopedFilterOptions = {},
): Promise<PaginatedFilter> {
  const scope = await services.authorization.getScope(caller, collection);
  const filter = buildPaginatedFilter(collection, query, {
    scope,
    extraTree: options.extraTree,
    timezone: caller.timezone,
    withLiveQuery: options.withLiveQuery ?? false,
    maxPageSize: services.options.maxPageSize,
  });
  const segment = filter.liveQuerySegment;
  if (!segment) return filter;

  await services.authorization.assertCanRunSegmentQuery(
    caller,
    collection.name,
    segment.query,
    segment.connectionName,
  );

  // `{{currentUser.x}}` placeholders are bound (never spliced) by the data source, with the
  // same values as charts: the token's user, plus role and team from the platform's caches.
  const variables = await ChartVariables.load(services, caller, { query: segment.query });

  return filter.override({
    liveQuerySegment: { ...segment, contextVariables: variables.bindings(segment.query) },
  });
}
