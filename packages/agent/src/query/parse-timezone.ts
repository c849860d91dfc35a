import { ValidationError, validateTimezone } from '@grove/datasource-toolkit';
import type { QueryParams } from './query-params';
import { readQueryString } from './read-query-string';

/**
 * Reads the caller's IANA timezone from `?timezone=` (spec §3.1): the query string only, on every
 * route that needs a caller, whatever the method.
 *
 * @param query - The query string (`request.query`).
 * @returns The timezone name, e.g. `Europe/Paris`.
 * @throws ValidationError `Missing timezone` when absent or empty, `Invalid timezone: "<tz>"`
 *   when the runtime does not know the zone.
 *
 * @example
 * ```ts
 * parseTimezone({ timezone: 'Europe/Paris' }); // 'Europe/Paris'
 * parseTimezone({}); // throws: Missing timezone
 * parseTimezone({ timezone: 'Mars/Olympus' }); // throws: Invalid timezone: "Mars/Olympus"
 * ```
 */
export function parseTimezone(query: QueryParams): string {
  const timezone = readQueryString(query, 'timezone');
  if (timezone === undefined || timezone === '') throw new ValidationError('Missing timezone');
  validateTimezone(timezone);

  return timezone;
}
