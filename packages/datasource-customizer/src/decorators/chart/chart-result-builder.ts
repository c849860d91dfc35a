import type {
  DateOperation,
  DistributionChart,
  MultipleTimeBasedChart,
  ObjectiveChart,
  PercentageChart,
  TimeBasedChart,
  ValueChart,
} from '@grove/datasource-toolkit';
import { bucketize, type TimeBasedPoint } from './time-buckets';

/** One line of a multiple time-based chart: a value (or null) per date. */
export interface MultipleTimeBasedLine {
  readonly label: string;
  readonly values: ReadonlyArray<number | null>;
}

/**
 * Builds the payload of each kind of chart, as the agent sends it to the frontend. Time-based
 * charts are bucketed in the caller's timezone (docs/decisions.md#d14-chart-buckets: the vendor
 * uses the server's).
 *
 * @example
 * ```ts
 * dataSource.addChart('monthly signups', async (context, resultBuilder) => {
 *   const rows = await context.dataSource.getCollection('users').list({}, ['createdAt']);
 *
 *   return resultBuilder.timeBased('Month', rows.map(row => ({ date: row.createdAt, value: 1 })));
 * });
 * ```
 */
export class ChartResultBuilder {
  /** @param timezone the IANA zone time-based charts are bucketed in (the caller's). */
  constructor(readonly timezone: string = 'UTC') {}

  /** A single number, optionally compared with a previous one (never computed for you). */
  value(current: number, previous?: number): ValueChart {
    return previous === undefined
      ? { countCurrent: current }
      : { countCurrent: current, countPrevious: previous };
  }

  /** A pie / bar chart: one entry per key, in object order. */
  distribution(data: Readonly<Record<string, number>>): DistributionChart {
    return Object.entries(data).map(([key, value]) => ({ key, value }));
  }

  /** Like {@link distribution}, sorted by value, highest first. */
  leaderboard(data: Readonly<Record<string, number>>): DistributionChart {
    return this.distribution(data).sort((a, b) => b.value - a.value);
  }

  /** A percentage, as is. */
  percentage(value: number): PercentageChart {
    return value;
  }

  /** A value and the objective it is measured against. */
  objective(value: number, objective: number): ObjectiveChart {
    return { value, objective };
  }

  /**
   * A line chart: values summed per Day, Week, Month, Quarter or Year, gaps filled with 0.
   * Points are `[{ date, value }]` or `{ '<date>': value }`; null values add nothing.
   */
  timeBased(
    timeRange: DateOperation,
    points: readonly TimeBasedPoint[] | Readonly<Record<string, number | null>>,
  ): TimeBasedChart {
    const list = Array.isArray(points)
      ? (points as readonly TimeBasedPoint[])
      : Object.entries(points).map(([date, value]) => ({ date, value }));

    return bucketize(timeRange, list, this.timezone).map(({ label, value }) => ({
      label,
      values: { value },
    }));
  }

  /**
   * Several lines over the same buckets: `lines[i].values[j]` is the value at `dates[j]`. Without
   * dates or lines, labels and values are null; values are null when there is no label.
   */
  multipleTimeBased(
    timeRange: DateOperation,
    dates: ReadonlyArray<Date | string> | null | undefined,
    lines: readonly MultipleTimeBasedLine[] | null | undefined,
  ): MultipleTimeBasedChart {
    if (!dates || !lines) return { labels: null, values: null };

    // Bucketing every date with a neutral value gives the shared labels, gaps included.
    const labels = bucketize(
      timeRange,
      dates.map(date => ({ date, value: 0 })),
      this.timezone,
    ).map(bucket => bucket.label);
    if (labels.length === 0) return { labels, values: null };

    const values = lines.map(line => {
      const points = dates.map((date, index) => ({ date, value: line.values[index] ?? null }));
      const sums = new Map(
        bucketize(timeRange, points, this.timezone).map(({ label, value }) => [label, value]),
      );

      return { key: line.label, values: labels.map(label => sums.get(label) ?? 0) };
    });

    return { labels, values };
  }

  /** Anything a smart chart renders, as is. */
  smart<T>(data: T): T {
    return data;
  }
}
