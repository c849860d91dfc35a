import { ValidationError } from '../errors/errors';
import { validateTimezone } from './timezone-validator';

/** The longest timezone name accepted (the longest IANA name has 32 characters). */
export const maxTimezoneLength = 64;

/**
 * How many spellings {@link canonicalTimezone} remembers. Every request names its zone, and
 * resolving one builds an `Intl.DateTimeFormat` twice (luxon's check, then the resolution), which
 * costs more than the rest of a simple read; a client sends one or two spellings, so a small
 * cache answers nearly every request. Bounded because the spellings are not (case variants).
 */
const cacheSize = 256;

/** Spelling → canonical name, valid zones only, oldest first (a Map keeps insertion order). */
const resolved = new Map<string, string>();

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
  const known = typeof timezone === 'string' ? resolved.get(timezone) : undefined;
  if (known !== undefined) return known;
  if (typeof timezone === 'string' && timezone.length > maxTimezoneLength) {
    throw new ValidationError(`Invalid timezone: longer than ${maxTimezoneLength} characters`);
  }
  validateTimezone(timezone);
  const name = new Intl.DateTimeFormat('en-US', { timeZone: timezone }).resolvedOptions().timeZone;
  if (resolved.size >= cacheSize) resolved.delete(resolved.keys().next().value as string);
  resolved.set(timezone, name);

  return name;
}
