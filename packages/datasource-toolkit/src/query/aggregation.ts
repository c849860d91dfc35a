import { DateTime } from 'luxon';
import { ValidationError } from '../errors/errors';
import type { RecordData } from '../interfaces/record';
import type { DateOperation } from '../interfaces/schema';
import { getFieldValue } from '../utils/record-utils';
import { compareValues } from './sort';
import { Projection } from './projection';

/** The aggregate functions. */
export type AggregationOperation = 'Count' | 'Sum' | 'Avg' | 'Max' | 'Min';

/** A group of an aggregation: a field, truncated to a date unit for date fields. */
export interface AggregationGroup {
  readonly field: string;
  readonly operation?: DateOperation;
}

/** The parts of an {@link Aggregation}. */
export interface AggregationComponents {
  readonly operation: AggregationOperation;
  readonly field?: string | null;
  readonly groups?: readonly AggregationGroup[];
}

/** One row of an aggregate: the value and the group it belongs to. */
export interface AggregateResult {
  value: unknown;
  group: Record<string, unknown>;
}

const operations: ReadonlySet<string> = new Set(['Count', 'Sum', 'Avg', 'Max', 'Min']);
const dateOperations: ReadonlySet<string> = new Set(['Year', 'Quarter', 'Month', 'Week', 'Day']);

/**
 * An aggregate (Count, Sum, Avg, Max, Min) of a field, optionally grouped by fields or by date
 * units (Year, Quarter, Month, Week, Day) computed in the caller's timezone.
 *
 * @example
 * ```ts
 * const perMonth = new Aggregation({
 *   operation: 'Sum',
 *   field: 'amount',
 *   groups: [{ field: 'createdAt', operation: 'Month' }],
 * });
 * // rows like { value: 1200, group: { createdAt: '2024-03-01' } }
 * ```
 */
export class Aggregation {
  readonly operation: AggregationOperation;
  readonly field: string | null;
  readonly groups: readonly AggregationGroup[];

  constructor({ operation, field = null, groups = [] }: AggregationComponents) {
    if (!operations.has(operation)) {
      throw new ValidationError(`Invalid aggregation operation '${String(operation)}'.`);
    }
    if (operation !== 'Count' && !field) {
      throw new ValidationError(`The '${operation}' aggregation needs a field.`);
    }
    for (const group of groups) {
      if (group.operation !== undefined && !dateOperations.has(group.operation)) {
        throw new ValidationError(
          `Invalid date operation '${String(group.operation)}' on group '${group.field}'.`,
        );
      }
    }
    this.operation = operation;
    this.field = field;
    this.groups = groups.map(group => ({ ...group }));
  }

  /** The paths the aggregation reads. */
  get projection(): Projection {
    return new Projection(...(this.field ? [this.field] : []), ...this.groups.map(g => g.field));
  }

  /** A copy with some parts replaced. */
  override(parts: Partial<AggregationComponents>): Aggregation {
    return new Aggregation({
      operation: this.operation,
      field: this.field,
      groups: this.groups,
      ...parts,
    });
  }

  /** Renames the aggregated and grouped fields. */
  replaceFields(handler: (field: string) => string): Aggregation {
    return this.override({
      field: this.field ? handler(this.field) : null,
      groups: this.groups.map(group => ({ ...group, field: handler(group.field) })),
    });
  }

  /** Prefixes every field with `prefix:`. */
  nest(prefix?: string | null): Aggregation {
    return prefix ? this.replaceFields(field => `${prefix}:${field}`) : this;
  }

  /**
   * Computes the aggregate in memory: sorted by value descending (nulls last), then `limit`.
   * Without groups there is always one row (Count 0, Sum 0, Avg/Min/Max null on no records).
   */
  apply(
    records: readonly RecordData[],
    timezone: string,
    limit?: number | null,
  ): AggregateResult[] {
    const buckets = new Map<string, { group: Record<string, unknown>; values: unknown[] }>();
    if (this.groups.length === 0) buckets.set('[]', { group: {}, values: [] });

    for (const record of records) {
      const group = Object.fromEntries(
        this.groups.map(({ field, operation }) => {
          const value = getFieldValue(record, field);

          return [field, operation ? truncateDate(value, operation, timezone) : value];
        }),
      );
      const key = JSON.stringify(this.groups.map(({ field }) => group[field] ?? null));
      let bucket = buckets.get(key);
      if (!bucket) buckets.set(key, (bucket = { group, values: [] }));
      bucket.values.push(this.field ? getFieldValue(record, this.field) : 1);
    }

    const rows = [...buckets.values()].map(({ group, values }) => ({
      value: this.compute(values),
      group,
    }));
    rows.sort((a, b) => {
      if (a.value === null || b.value === null)
        return a.value === b.value ? 0 : a.value === null ? 1 : -1;

      return compareValues(b.value, a.value);
    });

    return limit ? rows.slice(0, limit) : rows;
  }

  private compute(values: readonly unknown[]): unknown {
    const present = values.filter(value => value !== null && value !== undefined);
    switch (this.operation) {
      case 'Count':
        return present.length;
      case 'Sum':
        return present.reduce<number>((sum, value) => sum + toNumber(value), 0);
      case 'Avg': {
        const numbers = present.map(toNumber).filter(value => !Number.isNaN(value));

        return numbers.length
          ? numbers.reduce((sum, value) => sum + value, 0) / numbers.length
          : null;
      }
      case 'Max':
      case 'Min': {
        if (present.length === 0) return null;
        const sign = this.operation === 'Max' ? 1 : -1;

        return present.reduce((best, value) =>
          sign * compareValues(value, best) > 0 ? value : best,
        );
      }
    }
  }

  toJSON(): AggregationComponents {
    return { operation: this.operation, field: this.field, groups: this.groups };
  }
}

function toNumber(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value);

  return Number.isNaN(number) ? 0 : number;
}

/**
 * Truncates a date to the start of its year/quarter/month/ISO week/day, as `YYYY-MM-DD`. Instants
 * are read in `timezone`; calendar dates (`YYYY-MM-DD`) are never shifted.
 *
 * @example
 * ```ts
 * truncateDate('2024-01-01T03:00:00Z', 'Month', 'America/New_York'); // '2023-12-01'
 * ```
 */
export function truncateDate(
  value: unknown,
  operation: DateOperation,
  timezone: string,
): string | null {
  if (value === null || value === undefined) return null;
  let date: DateTime;
  if (value instanceof Date) date = DateTime.fromJSDate(value, { zone: timezone });
  else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    date = DateTime.fromISO(value, { zone: 'UTC' });
  } else date = DateTime.fromISO(String(value), { zone: 'UTC' }).setZone(timezone);
  if (!date.isValid) throw new ValidationError(`Invalid date '${String(value)}' in a date group.`);

  const units: Record<DateOperation, 'year' | 'quarter' | 'month' | 'week' | 'day'> = {
    Year: 'year',
    Quarter: 'quarter',
    Month: 'month',
    Week: 'week',
    Day: 'day',
  };

  return date.startOf(units[operation]).toISODate();
}
