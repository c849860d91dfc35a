import type { Caller, Collection, ConditionTree, Filter } from '@grove/datasource-toolkit';
import type { Request, Response } from 'express';
import type { AgentServices } from '../../http/agent-services';
import { callerOf } from '../../http/caller';
import { buildFilter } from '../../query/build-filter';
import { isJsonObject } from '../../query/is-json-object';
import { parseConditionTree } from '../../query/parse-condition-tree';
import type { ChartBody } from './chart-definition';
import { ChartVariables } from './chart-variables';

/** The keys of a chart definition whose placeholders are filled (docs/agent-protocol.md#charts). */
const injectedKeys = ['filter', 'aggregator', 'timeRange', 'objective', 'limit'] as const;

/**
 * What a stats chart computation reads: the chart, who asks, and which records count.
 *
 * @example
 * ```ts
 * const rows = await context.collection.aggregate(context.caller, context.filter, aggregation);
 * ```
 */
export interface StatsChartContext {
  readonly collection: Collection;
  readonly caller: Caller;
  /** The chart definition, placeholders filled. */
  readonly chart: ChartBody;
  /** The chart's own condition tree (`filter`, else `filters`), before scope and search. */
  readonly chartTree: ConditionTree | undefined;
  /** Whether the chart's filter, as posted, is an `and` branch at its root. */
  readonly chartTreeIsAnd: boolean;
  /** The records the chart reads: chart tree ∧ scope ∧ query `filters`, search and segment. */
  readonly filter: Filter;
  /** {@link filter} with another chart tree (the previous period of a Value chart). */
  filterWith(chartTree: ConditionTree | null | undefined): Filter;
}

/**
 * Prepares a stats chart once its permission was checked: the caller (timezone required), the
 * placeholders filled from the caller and `contextVariables`, and the filter: the chart's tree
 * (`filter` object, injected; else `filters` JSON text, as is) ∧ the caller's scope ∧ the query
 * string's `filters`, `search` and `segment`.
 *
 * @param services - Data source, authorization (scope) and platform (placeholders).
 * @param request - The request (query string: timezone, filters, search, segment).
 * @param response - The response (the session's user).
 * @param collection - The collection of the URL.
 * @param body - The chart definition as posted.
 * @example
 * ```ts
 * const context = await createStatsChartContext(services, request, response, orders, body);
 * await orders.aggregate(context.caller, context.filter, aggregation);
 * ```
 */
export async function createStatsChartContext(
  services: AgentServices,
  request: Request,
  response: Response,
  collection: Collection,
  body: ChartBody,
): Promise<StatsChartContext> {
  const caller = callerOf(request, response);
  const variables = await ChartVariables.load(services, caller, body);
  const chart: Record<string, unknown> = { ...body };
  for (const key of injectedKeys) {
    if (chart[key] !== undefined) chart[key] = variables.inject(chart[key]);
  }

  const rawTree = chart.filter ?? body.filters;
  const chartTree = parseConditionTree(rawTree, collection, caller.timezone);
  const scope = await services.authorization.getScope(caller, collection);
  const filterWith = (tree: ConditionTree | null | undefined) =>
    buildFilter(collection, request.query, {
      scope,
      extraTree: tree ?? null,
      timezone: caller.timezone,
    });

  return {
    collection,
    caller,
    chart,
    chartTree,
    chartTreeIsAnd: rootAggregator(rawTree) === 'and',
    filter: filterWith(chartTree),
    filterWith,
  };
}

function rootAggregator(raw: unknown): string | undefined {
  let tree: unknown = raw;
  if (typeof raw === 'string') {
    try {
      tree = JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
  const aggregator = isJsonObject(tree) ? tree.aggregator : undefined;

  return typeof aggregator === 'string' ? aggregator.toLowerCase() : undefined;
}
