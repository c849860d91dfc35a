/** Value chart: the current value and, for period filters, the previous one. */
export interface ValueChartValue {
  readonly countCurrent: number;
  readonly countPrevious?: number;
}

/** Distribution (pie) or leaderboard: one entry per group. */
export type DistributionChartValue = Array<{ key: unknown; value: number }>;

/** Time-based (line) chart: one point per period (`label` e.g. `W5-2022`, `Feb 22`). */
export type TimeBasedChartValue = Array<{ label: string; values: { value: number } }>;

/** Several lines over the same periods (API charts only). */
export interface MultipleTimeBasedChartValue {
  readonly labels: string[] | null;
  readonly values: Array<{ key: string; values: Array<number | null> }> | null;
}

/** Objective chart (`objective` only from API charts; the stats route returns `value`). */
export interface ObjectiveChartValue {
  readonly value: number;
  readonly objective?: number;
}

/** Percentage chart. */
export type PercentageChartValue = number;

/** The six chart kinds, for typed accessors. */
export interface ChartValueByKind {
  readonly value: ValueChartValue;
  readonly distribution: DistributionChartValue;
  readonly timeBased: TimeBasedChartValue;
  readonly leaderboard: DistributionChartValue;
  readonly objective: ObjectiveChartValue;
  readonly percentage: PercentageChartValue;
}

/**
 * Reads the value of a `stats` envelope (`{ data: { type: 'stats', attributes: { value } } }`),
 * or returns the body when it is not one (smart charts answer bare values).
 *
 * @example
 * ```ts
 * unwrapChartValue({ data: { id: 'x', type: 'stats', attributes: { value: 42 } } }); // 42
 * ```
 */
export function unwrapChartValue(body: unknown): unknown {
  const data = (body as { data?: { attributes?: { value?: unknown } } } | undefined)?.data;
  if (typeof data === 'object' && data !== null && data.attributes !== undefined) {
    return data.attributes.value;
  }

  return body;
}
