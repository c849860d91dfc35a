import { readAggregation, toChartNumber } from './chart-aggregation';
import { readFieldName } from './chart-definition';
import type { StatsChartContext } from './stats-chart-context';

/**
 * One slice of a Pie chart: the raw group value (a number or null too) and its aggregate.
 *
 * @example
 * ```ts
 * const slice: PieSlice = { key: 'paid', value: 12 };
 * ```
 */
export interface PieSlice {
  readonly key: unknown;
  readonly value: number;
}

/**
 * A Pie chart (docs/agent-protocol.md#charts): the aggregate grouped by `groupByFieldName`, grouped
 * by the data source (one query, never in the agent), in the data source's order (value
 * descending).
 *
 * @param context - The chart, its caller and its filter.
 * @example
 * ```ts
 * await computePieChart(context); // [{ key: 'paid', value: 12 }, { key: null, value: 1 }]
 * ```
 */
export async function computePieChart(context: StatsChartContext): Promise<PieSlice[]> {
  const { collection, caller, filter, chart } = context;
  const field = readFieldName(chart, 'groupByFieldName');
  const rows = await collection.aggregate(
    caller,
    filter,
    readAggregation(chart, { groups: [{ field }] }),
  );

  return rows.map(row => ({ key: row.group[field], value: toChartNumber(row.value) }));
}
