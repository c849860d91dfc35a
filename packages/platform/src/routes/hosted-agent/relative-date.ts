const units: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];
const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * A date relative to now, in English: "5 minutes ago", "yesterday", "now".
 *
 * @example
 * ```ts
 * relativeDate(new Date(Date.now() - 300_000), new Date()); // '5 minutes ago'
 * ```
 */
export function relativeDate(date: Date, now: Date): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return format.format(Math.trunc(seconds / size), unit);
    }
  }

  return format.format(0, 'second');
}
