import { DateTime, IANAZone } from 'luxon';
import { ValidationError } from '../../../errors/errors';
import { canonicalTimezone } from '../../../validation/canonical-timezone';
import type { ColumnType } from '../../../interfaces/schema';

/** A calendar unit a period operator counts in. */
export type PeriodUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** A half-open interval of instants: `[start, end)`. */
export interface Interval {
  readonly start: DateTime;
  readonly end: DateTime;
}

/**
 * Expresses an instant in the caller's IANA timezone, so that starts of day, week (ISO Monday),
 * month, quarter and year are computed there, DST included.
 *
 * @example
 * ```ts
 * zonedNow('Europe/Paris', new Date('2024-03-31T10:00:00Z')).startOf('day').toISO();
 * // '2024-03-31T00:00:00.000+01:00'
 * zonedNow('Mars/Olympus', new Date()); // throws ValidationError 'Invalid timezone: "Mars/Olympus"'
 * ```
 */
export function zonedNow(timezone: string, now: Date): DateTime {
  return DateTime.fromJSDate(now, { zone: resolveZone(timezone) });
}

function resolveZone(timezone: string): IANAZone {
  // IANAZone rather than `setZone(string)`: luxon also reads 'local' or 'system' as the server's
  // zone, which would silently replace a caller's mistake with the server's clock. The canonical
  // name keeps luxon's zone cache at one entry per zone whatever the spelling.
  return IANAZone.create(canonicalTimezone(timezone));
}

/**
 * Parses a Before/After value: ISO strings, `Date` objects or epoch milliseconds. A string
 * without offset is read in the caller's timezone (docs/decisions.md#d13-naive-datetimes: the
 * vendor reads it in the server's zone, which makes the same filter mean different instants on
 * different servers).
 *
 * @example
 * ```ts
 * parseInstant('2024-01-01T10:00', 'Europe/Paris', 'Before').toUTC().toISO(); // '2024-01-01T09:00:00.000Z'
 * ```
 */
export function parseInstant(value: unknown, timezone: string, operator: string): DateTime {
  const zone = resolveZone(timezone);
  let parsed: DateTime | null = null;
  if (value instanceof Date) parsed = DateTime.fromJSDate(value, { zone });
  else if (typeof value === 'number') parsed = DateTime.fromMillis(value, { zone });
  else if (typeof value === 'string') parsed = DateTime.fromISO(value, { zone });
  if (!parsed?.isValid) {
    throw new ValidationError(
      `Operator '${operator}' expects an ISO-8601 date, got ${JSON.stringify(value) ?? String(value)}`,
    );
  }

  return parsed;
}

/**
 * Writes an instant as a column of this type stores it: `Dateonly` gets the calendar date in the
 * instant's zone (`2024-12-18`), anything else a UTC ISO-8601 string without milliseconds.
 *
 * @example
 * ```ts
 * formatInstant(zonedNow('America/Los_Angeles', new Date('1985-10-26T09:22:00Z')), 'Date');
 * // '1985-10-26T09:22:00Z'
 * ```
 */
export function formatInstant(instant: DateTime, columnType: ColumnType): string {
  if (columnType === 'Dateonly') return instant.toISODate() as string;

  return instant.toUTC().startOf('second').toISO({ suppressMilliseconds: true }) as string;
}

/**
 * The whole unit that is `offset` units before the current one: `periodOf(now, 'day', 0)` is
 * today, `periodOf(now, 'month', 1)` the previous month.
 *
 * @example
 * ```ts
 * const { start, end } = periodOf(now, 'week', 1); // last Monday 00:00 → this Monday 00:00
 * ```
 */
export function periodOf(now: DateTime, unit: PeriodUnit, offset: number): Interval {
  const current = now.startOf(unit);
  // Add/subtract calendar units from the start (not 24 h blocks) so DST days keep 23 h or 25 h.
  const start = current.minus({ [`${unit}s`]: offset });

  return { start, end: start.plus({ [`${unit}s`]: 1 }) };
}

/**
 * Reads the number of a PreviousXDays / BeforeXHoursAgo… leaf, raising a ValidationError that
 * names the field and the operator.
 *
 * @example
 * ```ts
 * readCount({ field: 'createdAt', operator: 'PreviousXDays', value: 7 }); // 7
 * ```
 */
export function readCount(leaf: { field: string; operator: string; value?: unknown }): number {
  if (typeof leaf.value !== 'number' || !Number.isFinite(leaf.value)) {
    throw new ValidationError(
      `The value of '${leaf.field}' must be a number for operator '${leaf.operator}', got ${
        JSON.stringify(leaf.value) ?? String(leaf.value)
      }`,
      { data: { field: leaf.field, operator: leaf.operator } },
    );
  }

  return leaf.value;
}
