import { getPreviousPeriodTree, intervalOperators } from '@grove/datasource-toolkit';
import type { ValueChart } from '@grove/datasource-toolkit';
import { aggregateTotal, readAggregation } from './chart-aggregation';
import type { StatsChartContext } from './stats-chart-context';

const periodOperators: ReadonlySet<string> = new Set(intervalOperators);

/**
 * A Value chart (docs/agent-protocol.md#charts): `{countCurrent}`, plus `countPrevious` over the
 * previous period when the chart's filter uses a period operator (`Today`, `PreviousMonth`,
 * `PreviousXDays`…) and its root is not an `and` branch, as the vendor's agents decide. One
 * aggregate query per period, both run at once.
 *
 * @param context - The chart, its caller (timezone) and its filters.
 * @example
 * ```ts
 * await computeValueChart(context); // { countCurrent: 120, countPrevious: 97 }
 * ```
 */
export async function computeValueChart(context: StatsChartContext): Promise<ValueChart> {
  const { collection, caller, chartTree } = context;
  const aggregation = readAggregation(context.chart);
  const withPrevious =
    chartTree !== undefined &&
    !context.chartTreeIsAnd &&
    chartTree.someLeaf(leaf => periodOperators.has(leaf.operator));
  const previousFilter = withPrevious
    ? context.filterWith(getPreviousPeriodTree(chartTree, caller.timezone))
    : undefined;

  const [countCurrent, countPrevious] = await Promise.all([
    aggregateTotal(collection, caller, context.filter, aggregation),
    previousFilter && aggregateTotal(collection, caller, previousFilter, aggregation),
  ]);

  return countPrevious === undefined ? { countCurrent } : { countCurrent, countPrevious };
}
