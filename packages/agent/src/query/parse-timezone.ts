import { ValidationError, canonicalTimezone } from '@grove/datasource-toolkit';
import type { QueryParams } from './query-params';
import { readQueryString } from './read-query-string';

/**
 * Reads the caller's IANA timezone from `?timezone=` (docs/agent-protocol.md#timezone): the query
 * string only, on every route that needs a caller, whatever the method. The zone comes back under
 * its canonical name (`europe/PARIS` → `Europe/Paris`), so that the caches keyed by zone (luxon's,
 * the SQL source's offset tables) hold one entry per zone, not one per spelling a client invents.
 *
 * @param query - The query string (`request.query`).
 * @returns The canonical timezone name, e.g. `Europe/Paris`.
 * @throws ValidationError `Missing timezone` when absent or empty, `Invalid timezone: "<tz>"`
 *   when the runtime does not know the zone, `Invalid timezone: longer than 64 characters`.
 *
 * @example
 * ```ts
 * parseTimezone({ timezone: 'Europe/Paris' }); // 'Europe/Paris'
 * parseTimezone({ timezone: 'europe/paris' }); // 'Europe/Paris'
 * parseTimezone({}); // throws: Missing timezone
 * parseTimezone({ timezone: 'Mars/Olympus' }); // throws: Invalid timezone: "Mars/Olympus"
 * ```
 */
export function parseTimezone(query: QueryParams): string {
  const timezone = readQueryString(query, 'timezone');
  if (timezone === undefined || timezone === '') throw new ValidationError('Missing timezone');

  return canonicalTimezone(timezone);
}
