import { ChartResultBuilder } from '@grove/datasource-customizer';
import type { TimeBasedPoint } from '@grove/datasource-customizer';
import type { TimeBasedChart } from '@grove/datasource-toolkit';
import { readAggregation, toChartNumber } from './chart-aggregation';
import { readFieldName, readTimeRange } from './chart-definition';
import type { StatsChartContext } from './stats-chart-context';

/**
 * A Line chart (docs/agent-protocol.md#charts): the data source groups by `timeRange` (Day, Week,
 * Month, Quarter, Year) in the caller's timezone, in one query; the periods are then labelled
 * (`dd/MM/yyyy`, `W<w>-<yyyy>`, `MMM yy`, `Q<q>-yyyy`, `yyyy`) and the gaps between the first and
 * the last one filled with 0 by the customizer's `ChartResultBuilder`, the code charts' builder.
 * Records without a date are left out.
 *
 * @param context - The chart, its caller (timezone) and its filter.
 * @example
 * ```ts
 * await computeLineChart(context);
 * // [{ label: 'Jan 22', values: { value: 3 } }, { label: 'Feb 22', values: { value: 0 } }, …]
 * ```
 */
export async function computeLineChart(context: StatsChartContext): Promise<TimeBasedChart> {
  const { collection, caller, filter, chart } = context;
  const field = readFieldName(chart, 'groupByFieldName');
  const timeRange = readTimeRange(chart.timeRange);
  const rows = await collection.aggregate(
    caller,
    filter,
    readAggregation(chart, { groups: [{ field, operation: timeRange }] }),
  );

  const points: TimeBasedPoint[] = [];
  for (const { group, value } of rows) {
    // Period starts come back as `YYYY-MM-DD` in the caller's zone, which the builder reads so.
    const date = group[field];
    if (typeof date === 'string' || typeof date === 'number' || date instanceof Date) {
      points.push({ date, value: toChartNumber(value) });
    }
  }

  return new ChartResultBuilder(caller.timezone).timeBased(timeRange, points);
}
