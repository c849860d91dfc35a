import { BusinessError } from '../errors/business-error';

const relative = /^now-(\d{1,6})([smHhdwMy])(\/d)?$/;

/** Moves a date back by `count` units (months and years on the calendar, UTC). */
function goBack(now: Date, count: number, unit: string): Date {
  const date = new Date(now.getTime());
  const seconds = { s: 1, m: 60, H: 3600, h: 3600, d: 86_400, w: 604_800 }[unit];
  if (seconds !== undefined) return new Date(now.getTime() - count * seconds * 1000);
  if (unit === 'M') date.setUTCMonth(date.getUTCMonth() - count);
  else date.setUTCFullYear(date.getUTCFullYear() - count);

  return date;
}

/**
 * Reads a `logs` time option: a date (`2026-01-31`, an ISO timestamp), `now-<n><unit>` (units
 * `s`, `m`, `H`/`h`, `d`, `w`, `M`, `y`) optionally rounded down to the day with `/d`, or — for
 * `--to` only — `now`.
 *
 * @param value - The option's text.
 * @param option - `from` or `to` (the message names the option).
 * @param now - The current time.
 * @example
 * ```ts
 * parseLogTime('now-2d/d', 'from', new Date('2026-03-10T15:00:00Z')); // 2026-03-08T00:00:00Z
 * ```
 */
export function parseLogTime(value: string, option: 'from' | 'to', now: Date): Date {
  if (value === 'now' && option === 'to') return now;
  const match = relative.exec(value);
  if (match) {
    const date = goBack(now, Number(match[1]), match[2] as string);
    if (match[3]) date.setUTCHours(0, 0, 0, 0);

    return date;
  }
  // Only date-looking texts: `new Date('1')` is a valid date, not what the user meant.
  const date = /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(date.getTime())) {
    throw new BusinessError(
      `The --${option} (-${option[0]}) option must be a date (2026-01-31, 2026-01-31T12:00:00Z) or now-<n><s|m|H|h|d|w|M|y> with an optional /d${option === 'to' ? ', or now' : ''}`,
    );
  }

  return date;
}

/**
 * Reads the `--tail` option: an integer from 1 to 1000.
 *
 * @example
 * ```ts
 * parseTail('50'); // 50
 * ```
 */
export function parseTail(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) {
    throw new BusinessError('The --tail (-n) option must be an integer');
  }
  const tail = Number(value);
  if (tail <= 0) throw new BusinessError('The --tail (-n) option must be a positive integer');
  if (tail > 1000) {
    throw new BusinessError('The --tail (-n) option must be equal or less than 1000');
  }

  return tail;
}
