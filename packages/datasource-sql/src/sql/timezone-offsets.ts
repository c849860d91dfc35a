import { IANAZone } from 'luxon';
import { ValidationError, canonicalTimezone } from '@grove/datasource-toolkit';
import type { DateRange } from './date-range';

/** A period during which a timezone has one UTC offset (minutes), starting at `from` (ms). */
export interface OffsetPeriod {
  readonly from: number;
  readonly offset: number;
}

const step = 7 * 86_400_000;
const rangeStart = Date.UTC(1970, 0, 1);
const rangeEnd = Date.UTC(2071, 0, 1);
/**
 * Most zones whose periods are kept (least recently used first out). Keys are canonical names, so
 * a client's spellings of one zone share an entry; the runtime knows about 420 zones, so the
 * bound only matters if that ever changes, and computing a zone costs ~80 ms of CPU.
 */
export const maxCachedZones = 512;
const cache = new Map<string, OffsetPeriod[]>();

/** How many zones have their periods cached (for tests). */
export function cachedZoneCount(): number {
  return cache.size;
}

/** Throws a ValidationError unless the name is a valid IANA timezone. */
export function assertTimezone(timezone: string): void {
  // The characters first (the name is written into SQL), then the zone, through the toolkit's
  // cached check (luxon's isValidZone builds an Intl object, ~0.2 ms, on every call).
  let known = /^[A-Za-z0-9_+\-/]+$/.test(timezone);
  if (known) {
    try {
      canonicalTimezone(timezone);
    } catch {
      known = false;
    }
  }
  if (!known) throw new ValidationError(`Invalid timezone: '${timezone}'`);
}

/**
 * The UTC offsets of a timezone from 1970 to 2070, as periods (computed once per zone with
 * luxon, cached under the zone's canonical name, at most {@link maxCachedZones} zones). Databases
 * without named timezones shift instants with these, in SQL.
 *
 * @example
 * ```ts
 * offsetPeriods('UTC'); // [{ from: 0, offset: 0 }]
 * ```
 */
export function offsetPeriods(timezone: string): OffsetPeriod[] {
  assertTimezone(timezone);
  const name = canonicalTimezone(timezone);
  const cached = cache.get(name);
  if (cached) {
    // Refresh the entry: a Map iterates in insertion order, so the first key is the oldest used.
    cache.delete(name);
    cache.set(name, cached);

    return cached;
  }
  const zone = IANAZone.create(name);
  const periods: OffsetPeriod[] = [{ from: rangeStart, offset: zone.offset(rangeStart) }];
  // One offset per week (each luxon lookup costs an Intl call: daily steps took ~2 s per zone);
  // no zone has changed its offset twice within a week since 1970.
  let previous = zone.offset(rangeStart);
  for (let time = rangeStart; time < rangeEnd; time += step) {
    const offset = zone.offset(time + step);
    if (offset === previous) continue;
    // Binary search of the change to the minute (transitions fall on whole minutes).
    let low = time;
    let high = time + step;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (zone.offset(middle) === offset) high = middle;
      else low = middle;
    }
    periods.push({ from: high, offset });
    previous = offset;
  }
  cache.set(name, periods);
  if (cache.size > maxCachedZones) cache.delete(cache.keys().next().value as string);

  return periods;
}

/**
 * The periods a range of instants overlaps, in order: the CASE of a query whose filter bounds
 * the grouped date needs no other (its rows all fall in them). The first one kept also stands
 * for every instant before it and the last one for every instant after it, as in
 * {@link offsetCase}, so rows anywhere in the range get their period's offset.
 *
 * @example
 * ```ts
 * // Europe/Paris over 2024: winter 2023-24, summer 2024, winter 2024-25.
 * periodsWithin(offsetPeriods('Europe/Paris'), { from: Date.UTC(2024, 0), to: Date.UTC(2025, 0) });
 * ```
 */
export function periodsWithin(
  periods: readonly OffsetPeriod[],
  range: DateRange,
): readonly OffsetPeriod[] {
  const { from = -Infinity, to = Infinity } = range;
  // Period i covers [periods[i].from, periods[i + 1].from): keep those meeting [from, to].
  const first = Math.max(
    0,
    periods.findIndex((p, i) => (periods[i + 1]?.from ?? Infinity) > from),
  );
  let last = first;
  while (last + 1 < periods.length && (periods[last + 1]?.from ?? Infinity) <= to) last += 1;

  return periods.slice(first, last + 1);
}

/**
 * A balanced CASE over offset periods: `instant(ms)` renders a boundary as a SQL literal to
 * compare `expression` with, `offset(minutes)` renders the result. Depth is log2(periods).
 *
 * @example
 * ```ts
 * offsetCase('"t"."at"', offsetPeriods('Europe/Paris'), ms => `'${iso(ms)}'`, String);
 * ```
 */
export function offsetCase(
  expression: string,
  periods: readonly OffsetPeriod[],
  instant: (ms: number) => string,
  offset: (minutes: number) => string,
): string {
  const build = (low: number, high: number): string => {
    if (low === high) return offset(periods[low]?.offset ?? 0);
    const middle = Math.ceil((low + high) / 2);

    return `CASE WHEN ${expression} < ${instant(periods[middle]?.from ?? 0)} THEN ${build(low, middle - 1)} ELSE ${build(middle, high)} END`;
  };

  return build(0, periods.length - 1);
}
