import { ValidationError } from '@grove/datasource-toolkit';
import type { DateOperation } from '@grove/datasource-toolkit';
import { isJsonObject } from '../../query/is-json-object';

/** The chart types `POST /stats/{c}` computes (docs/agent-protocol.md#charts). */
const statsChartTypes = ['Value', 'Objective', 'Pie', 'Line', 'Leaderboard'] as const;

/**
 * A chart type `POST /stats/{c}` computes.
 *
 * @example
 * ```ts
 * const type: StatsChartType = readChartType(body.type); // 'Value' | 'Objective' | 'Pie' | …
 * ```
 */
export type StatsChartType = (typeof statsChartTypes)[number];

/**
 * A chart definition as the frontend posts it: the JSON body, keys untyped.
 *
 * @example
 * ```ts
 * const body: ChartBody = { type: 'Pie', aggregator: 'Count', groupByFieldName: 'status' };
 * ```
 */
export type ChartBody = Readonly<Record<string, unknown>>;

const timeRanges: readonly DateOperation[] = ['Day', 'Week', 'Month', 'Quarter', 'Year'];

/**
 * The body of a chart request as an object; anything else (no body, an array) reads as `{}`, so
 * that the chart type check names what is missing.
 *
 * @param body - `request.body`.
 * @example
 * ```ts
 * readChartBody(request.body).type; // 'Value'
 * readChartBody(undefined); // {}
 * ```
 */
export function readChartBody(body: unknown): ChartBody {
  return isJsonObject(body) ? body : {};
}

/**
 * Reads the `type` of a stats chart.
 *
 * @param type - The `type` of the body.
 * @throws ValidationError `Invalid Chart type "<t>"` for anything but the five types (the
 *   frontend computes `Percentage` from two other charts).
 *
 * @example
 * ```ts
 * readChartType('Pie'); // 'Pie'
 * readChartType('Percentage'); // throws: Invalid Chart type "Percentage"
 * ```
 */
export function readChartType(type: unknown): StatsChartType {
  const found = statsChartTypes.find(candidate => candidate === type);
  if (!found) throw new ValidationError(`Invalid Chart type "${String(type)}"`);

  return found;
}

/**
 * Reads the `timeRange` of a Line chart.
 *
 * @param value - The `timeRange` of the chart, placeholders filled.
 * @throws ValidationError `Invalid time range "<t>": …` for anything but the five units.
 *
 * @example
 * ```ts
 * readTimeRange('Week'); // 'Week'
 * ```
 */
export function readTimeRange(value: unknown): DateOperation {
  const found = timeRanges.find(candidate => candidate === value);
  if (!found) {
    throw new ValidationError(
      `Invalid time range "${String(value)}": expected Day, Week, Month, Quarter or Year`,
    );
  }

  return found;
}

/**
 * Reads the `limit` of a Leaderboard: a positive integer, as a number or as the text a
 * placeholder produced; absent (`undefined`, `null`, `''`) means no limit.
 *
 * @param value - The `limit` of the chart, placeholders filled.
 * @throws ValidationError `Invalid limit "<l>"`.
 *
 * @example
 * ```ts
 * readLimit('5'); // 5
 * readLimit(undefined); // undefined
 * ```
 */
export function readLimit(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const limit = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isInteger(limit) || limit <= 0) {
    throw new ValidationError(`Invalid limit "${String(value)}"`);
  }

  return limit;
}

/**
 * Reads a field name of the chart definition (`groupByFieldName`, `labelFieldName`…).
 *
 * @param chart - The chart definition.
 * @param key - The key holding the field name.
 * @throws ValidationError `Missing <key> in the chart definition` when absent or not a string.
 *
 * @example
 * ```ts
 * readFieldName({ groupByFieldName: 'status' }, 'groupByFieldName'); // 'status'
 * ```
 */
export function readFieldName(chart: ChartBody, key: string): string {
  const value = chart[key];
  if (typeof value !== 'string' || value === '') {
    throw new ValidationError(`Missing ${key} in the chart definition`);
  }

  return value;
}
