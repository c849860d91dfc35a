import { toWireConditionTree } from '../query/to-wire-condition-tree';
import type { FilterInput } from '../query/to-wire-condition-tree';

/** Aggregation of a stats chart. */
export type StatsAggregator = 'Count' | 'Sum' | 'Avg' | 'Max' | 'Min';

/** Keys every stats chart accepts (wire names of the chart definition). */
export interface StatsBase {
  /** Default `Count`. */
  readonly aggregator?: StatsAggregator;
  /** Field to aggregate (not for Count). */
  readonly aggregateFieldName?: string;
  readonly filter?: FilterInput;
  /** Values of `{{…}}` placeholders other than `currentUser.*` (dashboard filters…). */
  readonly contextVariables?: Readonly<Record<string, unknown>>;
}

/** A value chart. */
export type ValueStatsRequest = StatsBase;

/** An objective chart. */
export interface ObjectiveStatsRequest extends StatsBase {
  readonly objective: number;
}

/** A distribution (pie) chart. */
export interface DistributionStatsRequest extends StatsBase {
  readonly groupByFieldName: string;
}

/** A time-based (line) chart, grouped by a date field. */
export interface TimeBasedStatsRequest extends StatsBase {
  readonly groupByFieldName: string;
  readonly timeRange: 'Day' | 'Week' | 'Month' | 'Quarter' | 'Year';
}

/** A leaderboard: records of the collection ranked by an aggregate over a to-many relation. */
export interface LeaderboardStatsRequest extends Omit<StatsBase, 'filter'> {
  readonly relationshipFieldName: string;
  readonly labelFieldName: string;
  readonly limit: number;
}

/** Any chart the frontend sends to `POST /stats/<collection>`. */
export type StatsRequest =
  | ({ readonly type: 'Value' } & ValueStatsRequest)
  | ({ readonly type: 'Objective' } & ObjectiveStatsRequest)
  | ({ readonly type: 'Pie' } & DistributionStatsRequest)
  | ({ readonly type: 'Line' } & TimeBasedStatsRequest)
  | ({ readonly type: 'Leaderboard' } & LeaderboardStatsRequest);

/**
 * The body of `POST /stats/<collection>`: the chart definition with `sourceCollectionName`,
 * the `Count` default and the filter's operators in snake case.
 *
 * @example
 * ```ts
 * statsBody('orders', { type: 'Value', filter: { field: 'status', operator: 'Equal', value: 'paid' } });
 * // { type: 'Value', sourceCollectionName: 'orders', aggregator: 'Count',
 * //   filter: { field: 'status', operator: 'equal', value: 'paid' } }
 * ```
 */
export function statsBody(collection: string, request: StatsRequest): Record<string, unknown> {
  const { filter, ...rest } = request as StatsRequest & { filter?: FilterInput };

  return {
    ...rest,
    sourceCollectionName: collection,
    aggregator: request.aggregator ?? 'Count',
    ...(filter === undefined ? {} : { filter: toWireConditionTree(filter) }),
  };
}
