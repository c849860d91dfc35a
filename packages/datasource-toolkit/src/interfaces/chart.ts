/** A value chart, with an optional previous value to compare with. */
export interface ValueChart {
  readonly countCurrent: number;
  readonly countPrevious?: number;
}

/** A distribution or leaderboard: label → number. */
export type DistributionChart = Array<{ key: string; value: number }>;

/** A time-based chart: one point per time bucket. */
export type TimeBasedChart = Array<{ label: string; values: { value: number } }>;

/** Several lines over the same time buckets. */
export interface MultipleTimeBasedChart {
  readonly labels: string[] | null;
  readonly values: Array<{ key: string; values: Array<number | null> }> | null;
}

/** A percentage chart. */
export type PercentageChart = number;

/** An objective chart. */
export interface ObjectiveChart {
  readonly value: number;
  readonly objective: number;
}

/** The payload of any chart (smart charts return anything). */
export type Chart =
  | ValueChart
  | DistributionChart
  | TimeBasedChart
  | MultipleTimeBasedChart
  | PercentageChart
  | ObjectiveChart
  | unknown;
