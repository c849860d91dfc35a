import { ValidationError } from '../errors/errors';
import { validateTimezone } from './timezone-validator';

/** The longest timezone name accepted (the longest IANA name has 32 characters). */
export const maxTimezoneLength = 64;

/**
 * Most spellings whose canonical name is kept. Checking a name costs two `Intl` objects
 * (~0.3 ms of CPU, on every request of the agent, which reads the caller's timezone each time);
 * the runtime knows ~420 zones and clients send one spelling each, so the bound only matters
 * against a client cycling through case variants (the oldest spelling then goes first).
 */
export const maxCachedTimezones = 1024;
const canonicalNames = new Map<string, string>();

/**
 * Checks a timezone like {@link validateTimezone} and returns its canonical name, as the
 * runtime's `Intl` resolves it: `europe/PARIS` → `Europe/Paris`, `utc` → `UTC` (and, on runtimes
 * that canonicalise links, `US/Pacific` → `America/Los_Angeles`). Caches keyed by a timezone
 * (luxon's zones, the SQL offset tables) hold one entry per zone this way, instead of one per
 * spelling a client sends: the names it can return are the runtime's zones, a bounded set.
 *
 * @param timezone - The timezone sent by a client.
 * @returns The canonical name of the same zone.
 * @throws ValidationError `Invalid timezone: "<tz>"` for an unknown zone, `Invalid timezone:
 *   longer than 64 characters` for a longer text (not echoed).
 *
 * @example
 * ```ts
 * canonicalTimezone('europe/paris'); // 'Europe/Paris'
 * canonicalTimezone('Mars/Olympus'); // throws: Invalid timezone: "Mars/Olympus"
 * ```
 */
export function canonicalTimezone(timezone: unknown): string {
  if (typeof timezone === 'string') {
    const known = canonicalNames.get(timezone);
    if (known !== undefined) return known;
  }
  if (typeof timezone === 'string' && timezone.length > maxTimezoneLength) {
    throw new ValidationError(`Invalid timezone: longer than ${maxTimezoneLength} characters`);
  }
  validateTimezone(timezone);
  const name = new Intl.DateTimeFormat('en-US', { timeZone: timezone }).resolvedOptions().timeZone;
  // Only names that passed are kept: a refused one is checked again (and refused) every time.
  if (canonicalNames.size >= maxCachedTimezones) {
    canonicalNames.delete(canonicalNames.keys().next().value as string);
  }
  canonicalNames.set(timezone, name);

  return name;
}
