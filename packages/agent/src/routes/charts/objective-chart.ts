import { aggregateTotal, readAggregation } from './chart-aggregation';
import type { StatsChartContext } from './stats-chart-context';

/**
 * An Objective chart (docs/agent-protocol.md#charts): `{value}`, one aggregate query. The
 * `objective` of the definition is not echoed back: the frontend holds it.
 *
 * @param context - The chart, its caller and its filter.
 * @example
 * ```ts
 * await computeObjectiveChart(context); // { value: 120 }
 * ```
 */
export async function computeObjectiveChart(
  context: StatsChartContext,
): Promise<{ value: number }> {
  const { collection, caller, filter, chart } = context;

  return { value: await aggregateTotal(collection, caller, filter, readAggregation(chart)) };
}
