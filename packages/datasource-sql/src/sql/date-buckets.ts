import type { DateOperation } from '@grove/datasource-toolkit';
import type { DateRange } from './date-range';
import type { OffsetPeriod } from './timezone-offsets';

/** From `from` (ms, UTC) until the next step, instants fall in the local bucket `label`. */
export interface BucketStep {
  readonly from: number;
  readonly label: string;
}

/**
 * Most steps {@link bucketSteps} computes before giving up. A CASE over n steps parses the
 * column ~log2(n) + 1 times a row; the shift-and-format expression (a CASE over the offset
 * periods, then datetime() and strftime()) costs about as much as 6 levels. On 500k SQLite
 * orders over 2024 in Europe/Paris (SQLite CPU, ms): Quarter 286 → 158, Month 227 → 186, Week
 * (54 steps) 238 → 216, Day (367 steps) 228 → 296; the raw query takes 167.
 */
export const maxBucketSteps = 64;

const day = 86_400_000;
// Outside these years Date.UTC reads 2-digit years as 19xx and labels need more than 4 digits.
const earliest = Date.UTC(1000, 0, 8);
const latest = Date.UTC(9999, 0, 1);

/** The start of the bucket of a local wall time (ms read as UTC), Monday starting weeks. */
function bucketStart(local: number, unit: DateOperation): number {
  const date = new Date(local);
  const [year, month] = [date.getUTCFullYear(), date.getUTCMonth()];
  switch (unit) {
    case 'Year':
      return Date.UTC(year, 0, 1);
    case 'Quarter':
      return Date.UTC(year, month - (month % 3), 1);
    case 'Month':
      return Date.UTC(year, month, 1);
    case 'Week':
      return Date.UTC(year, month, date.getUTCDate()) - ((date.getUTCDay() + 6) % 7) * day;
    case 'Day':
      return Date.UTC(year, month, date.getUTCDate());
  }
}

/** The start of the bucket after the one starting at `start` (local wall time read as UTC). */
function nextStart(start: number, unit: DateOperation): number {
  const date = new Date(start);
  const [year, month] = [date.getUTCFullYear(), date.getUTCMonth()];
  switch (unit) {
    case 'Year':
      return Date.UTC(year + 1, 0, 1);
    case 'Quarter':
      return Date.UTC(year, month + 3, 1);
    case 'Month':
      return Date.UTC(year, month + 1, 1);
    case 'Week':
      return start + 7 * day;
    case 'Day':
      return start + day;
  }
}

const label = (start: number) => new Date(start).toISOString().slice(0, 10);

/**
 * The local buckets (`YYYY-MM-DD` of their first day) of the instants of a bounded range, as
 * steps: the instant each bucket starts at, in order. The mapping is the one of shifting every
 * instant by its offset period (as `offsetCase` does) and truncating the wall time, period by
 * period, so it agrees with that expression even where a zone moves its clocks back across
 * midnight (a label may then come back). `periods` are those of the range (`periodsWithin`): the
 * first stands for the instants before it, the last for those after it. Undefined when the range
 * is open on a side, lies outside the years 1000–9998, or holds more than {@link maxBucketSteps}
 * steps: callers keep the shift-and-format expression.
 *
 * @example
 * ```ts
 * const range = { from: Date.UTC(2023, 11, 31, 23), to: Date.UTC(2024, 11, 31, 23) };
 * bucketSteps(periodsWithin(offsetPeriods('Europe/Paris'), range), range, 'Month');
 * // [{ from: 1704063600000, label: '2024-01-01' }, { from: 1706742000000, label: '2024-02-01' }, …]
 * ```
 */
export function bucketSteps(
  periods: readonly OffsetPeriod[],
  range: DateRange,
  unit: DateOperation,
): BucketStep[] | undefined {
  const { from, to } = range;
  if (from === undefined || to === undefined || from > to) return undefined;
  if (from < earliest || to > latest) return undefined;
  const steps: BucketStep[] = [];
  const push = (at: number, start: number) => {
    const text = label(start);
    if (steps.at(-1)?.label !== text) steps.push({ from: at, label: text });
  };
  for (const [index, period] of periods.entries()) {
    // The period's instants within the range: [start, end) ∩ [from, to].
    const start = index === 0 ? from : Math.max(from, period.from);
    const end = Math.min(periods[index + 1]?.from ?? Infinity, to + 1);
    if (start >= end) continue;
    const shift = period.offset * 60_000;
    let bucket = bucketStart(start + shift, unit);
    push(start, bucket);
    for (bucket = nextStart(bucket, unit); bucket - shift < end; bucket = nextStart(bucket, unit)) {
      push(bucket - shift, bucket);
      if (steps.length > maxBucketSteps) return undefined;
    }
  }

  return steps.length ? steps : undefined;
}

/**
 * A balanced CASE giving the label of the step `expression` falls in: `instant(ms)` renders a
 * step's start as a SQL value to compare `expression` with (depth log2(steps) + 1). The first
 * step's label also stands for every instant before the second, the last's for every instant
 * after it; a null `expression` gives NULL.
 *
 * @example
 * ```ts
 * stepCase('julianday("t"."at")', steps, ms => `julianday('${new Date(ms).toISOString()}')`);
 * // CASE WHEN julianday("t"."at") < julianday('2024-07-01T…') THEN CASE … END ELSE … END
 * ```
 */
export function stepCase(
  expression: string,
  steps: readonly BucketStep[],
  instant: (ms: number) => string,
): string {
  const build = (low: number, high: number): string => {
    if (low === high) {
      const text = `'${steps[low]?.label ?? ''}'`;
      // Every other leaf is reached through a comparison, which a null fails; this one is not.
      return high === steps.length - 1
        ? `CASE WHEN ${expression} IS NOT NULL THEN ${text} END`
        : text;
    }
    const middle = Math.ceil((low + high) / 2);

    return `CASE WHEN ${expression} < ${instant(steps[middle]?.from ?? 0)} THEN ${build(low, middle - 1)} ELSE ${build(middle, high)} END`;
  };

  return build(0, steps.length - 1);
}
