import { Aggregation, ValidationError } from '@grove/datasource-toolkit';
import type {
  AggregationGroup,
  AggregationOperation,
  Caller,
  Collection,
  Filter,
} from '@grove/datasource-toolkit';
import type { ChartBody } from './chart-definition';

const operations: Readonly<Record<string, AggregationOperation>> = {
  count: 'Count',
  sum: 'Sum',
  avg: 'Avg',
  max: 'Max',
  min: 'Min',
};

/**
 * How {@link readAggregation} names the aggregated field and the groups.
 *
 * @example
 * ```ts
 * const options: ChartAggregationOptions = { groups: [{ field: 'customer:name' }], field: 'tag:weight' };
 * ```
 */
export interface ChartAggregationOptions {
  readonly groups?: readonly AggregationGroup[];
  /** The aggregated field when it is not `aggregateFieldName` as is (a leaderboard path). */
  readonly field?: string | null;
}

/**
 * The aggregation of a chart: `aggregator` (`Count`, `Sum`, `Avg`, `Max`, `Min`, any casing) of
 * `aggregateFieldName` (none for a plain Count), grouped as asked.
 *
 * @param chart - The chart definition, placeholders filled.
 * @param options - The groups, and the aggregated field when it is not `aggregateFieldName`.
 * @throws ValidationError `Invalid aggregator "<a>"`, or the toolkit's error for a `Sum` without
 *   a field.
 *
 * @example
 * ```ts
 * readAggregation({ aggregator: 'Sum', aggregateFieldName: 'amount' }, {
 *   groups: [{ field: 'createdAt', operation: 'Month' }],
 * });
 * ```
 */
export function readAggregation(
  chart: ChartBody,
  options: ChartAggregationOptions = {},
): Aggregation {
  const { aggregator, aggregateFieldName } = chart;
  const operation =
    typeof aggregator === 'string' ? operations[aggregator.toLowerCase()] : undefined;
  if (!operation) throw new ValidationError(`Invalid aggregator "${String(aggregator)}"`);
  const field =
    options.field !== undefined
      ? options.field
      : typeof aggregateFieldName === 'string' && aggregateFieldName !== ''
        ? aggregateFieldName
        : null;

  return new Aggregation({ operation, field, groups: options.groups ?? [] });
}

/**
 * Reads an aggregate value as a chart number: numbers as they are, numeric text (PostgreSQL
 * bigint counts and decimals) as numbers, nothing (an empty Avg/Min/Max) as 0.
 *
 * @param value - The `value` of an aggregate row or of a native query row.
 * @example
 * ```ts
 * toChartNumber('42'); // 42
 * toChartNumber(null); // 0
 * ```
 */
export function toChartNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) {
    return Number(value);
  }

  return 0;
}

/**
 * Computes an ungrouped aggregate with one query and reads it as a chart number (0 when empty).
 *
 * @param collection - The collection aggregated.
 * @param caller - Who asks (the timezone of date rewrites).
 * @param filter - The records aggregated.
 * @param aggregation - The aggregate, without groups.
 * @example
 * ```ts
 * const total = await aggregateTotal(orders, caller, filter, new Aggregation({ operation: 'Count' }));
 * ```
 */
export async function aggregateTotal(
  collection: Collection,
  caller: Caller,
  filter: Filter,
  aggregation: Aggregation,
): Promise<number> {
  const [row] = await collection.aggregate(caller, filter, aggregation);

  return toChartNumber(row?.value);
}
