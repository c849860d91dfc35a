import { DateTime, IANAZone } from 'luxon';
import { ValidationError, validateTimezone, type DateOperation } from '@grove/datasource-toolkit';

/** A dated value of a time-based chart. */
export interface TimeBasedPoint {
  readonly date: Date | string | number;
  readonly value: number | null | undefined;
}

/** One bucket of a time series: its label and the sum of the values that fell into it. */
export interface TimeBucket {
  readonly label: string;
  readonly value: number;
}

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';

const units: Record<DateOperation, Unit> = {
  Day: 'day',
  Week: 'week',
  Month: 'month',
  Quarter: 'quarter',
  Year: 'year',
};

// Luxon tokens: `W` is the ISO week number, `kkkk` the ISO week-numbering year.
const labelFormats: Record<DateOperation, string> = {
  Day: 'dd/MM/yyyy',
  Week: "'W'W-kkkk",
  Month: 'MMM yy',
  Quarter: "'Q'q-yyyy",
  Year: 'yyyy',
};

/**
 * Reads a chart date in `timezone`. A calendar date (`2024-03-31`) is that day in the zone (never
 * shifted); an ISO date-time without offset is read in the zone; instants are converted to it.
 */
export function toZonedDate(value: Date | string | number, timezone: string): DateTime {
  const zone = IANAZone.create(timezone);
  let date: DateTime;
  if (value instanceof Date) date = DateTime.fromJSDate(value, { zone });
  else if (typeof value === 'number') date = DateTime.fromMillis(value, { zone });
  else if (typeof value === 'string') date = DateTime.fromISO(value, { zone });
  else date = DateTime.invalid('not a date');

  if (!date.isValid) {
    throw new ValidationError(`Invalid date '${String(value)}' in a time-based chart.`);
  }

  return date;
}

/**
 * Sums values per time bucket in the caller's `timezone`, from the bucket of the earliest date to
 * the bucket of the latest one, gaps filled with 0, in chronological order. Buckets start at
 * midnight, on ISO Mondays, on the first day of the month, quarter or year, in that zone (so DST
 * changes never move a value to a neighbouring bucket).
 *
 * @example
 * ```ts
 * bucketize('Month', [{ date: '2022-01-10', value: 1 }, { date: '2022-03-02', value: 2 }], 'UTC');
 * // [{ label: 'Jan 22', value: 1 }, { label: 'Feb 22', value: 0 }, { label: 'Mar 22', value: 2 }]
 * ```
 */
export function bucketize(
  range: DateOperation,
  points: readonly TimeBasedPoint[],
  timezone: string,
): TimeBucket[] {
  const unit = units[range];
  if (!unit) {
    throw new ValidationError(
      `Invalid time range '${String(range)}' in a time-based chart: expected Day, Week, Month, Quarter or Year.`,
    );
  }
  validateTimezone(timezone);
  if (points.length === 0) return [];

  const sums = new Map<number, number>();
  for (const point of points) {
    const start = toZonedDate(point.date, timezone).startOf(unit).toMillis();
    const value = typeof point.value === 'number' ? point.value : 0;
    sums.set(start, (sums.get(start) ?? 0) + value);
  }

  const starts = [...sums.keys()];
  const last = Math.max(...starts);
  const buckets: TimeBucket[] = [];
  let current = DateTime.fromMillis(Math.min(...starts), { zone: IANAZone.create(timezone) });
  while (current.toMillis() <= last) {
    buckets.push({
      label: current.toFormat(labelFormats[range], { locale: 'en-US' }),
      value: sums.get(current.toMillis()) ?? 0,
    });
    // Calendar arithmetic then startOf: a 23- or 25-hour DST day still moves to the next midnight.
    current = current.plus({ [unit]: 1 }).startOf(unit);
  }

  return buckets;
}
