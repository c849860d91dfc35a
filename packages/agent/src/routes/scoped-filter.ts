import { ConditionTreeFactory, Projection } from '@grove/datasource-toolkit';
import type { Caller, Collection, ConditionTree, PaginatedFilter } from '@grove/datasource-toolkit';
import type { AgentServices } from '../http/agent-services';
import { buildPaginatedFilter } from '../query/build-filter';
import { assertBrowsablePaths } from './assert-browsable-paths';
import { ChartVariables } from './charts/chart-variables';
import { verifySelectQuery } from './charts/verify-select-query';
import type { QueryParams } from '../query/query-params';

/** Options of {@link buildScopedFilter}. */
export interface ScopedFilterOptions {
  /** A restriction added to the request's filters (ids of a route, parent relation…). */
  readonly extraTree?: ConditionTree;
  /** Whether `segmentQuery` (live-query segments) is honoured: list and count only. */
  readonly withLiveQuery?: boolean;
}

/**
 * The record set of a data route (docs/agent-protocol.md#filters-search-and-segments): the
 * request's `filters` AND the caller's scope AND segment AND search AND the route's own
 * restriction, plus page and sort. Filters and sorts through a relation need the browse right on
 * the related collection (403 otherwise). A live-query segment is checked against the caller's
 * rights, then its length and SQL (one SELECT, 422), and receives the caller's `{{currentUser.x}}`
 * values.
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
  const requested = buildPaginatedFilter(collection, query, {
    timezone: caller.timezone,
    withLiveQuery: options.withLiveQuery ?? false,
    maxPageSize: services.options.maxPageSize,
  });
  // The request's own filters and sort may not reach into a collection the caller cannot browse;
  // the scope and the route's restriction are the agent's, so they are added after the check.
  await assertBrowsablePaths(services, caller, collection, requestedPaths(requested));
  const scope = await services.authorization.getScope(caller, collection);
  const filter = requested.override({
    conditionTree: ConditionTreeFactory.intersect(
      requested.conditionTree,
      scope,
      options.extraTree,
    ),
  });
  const segment = filter.liveQuerySegment;
  if (!segment) return filter;

  await services.authorization.assertCanRunSegmentQuery(
    caller,
    collection.name,
    segment.query,
    segment.connectionName,
  );
  // After the permission: an early, clear refusal; the data source runs it read-only anyway.
  verifySelectQuery(segment.query, services.options.maxNativeQueryLength);

  // `{{currentUser.x}}` placeholders are bound (never spliced) by the data source, with the
  // same values as charts: the token's user, plus role and team from the platform's caches.
  const variables = await ChartVariables.load(services, caller, { query: segment.query });

  return filter.override({
    liveQuerySegment: Object.assign({}, segment, {
      contextVariables: variables.bindings(segment.query),
    }),
  });
}

/** The fields a request filters and sorts on. */
export function requestedPaths(filter: {
  readonly conditionTree: ConditionTree | null;
  readonly sort?: { readonly projection: Projection } | null;
}): Projection {
  return new Projection(
    ...(filter.conditionTree?.projection.paths ?? []),
    ...(filter.sort?.projection.paths ?? []),
  );
}
