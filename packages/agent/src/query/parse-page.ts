import { Page, ValidationError } from '@grove/datasource-toolkit';
import type { QueryParams } from './query-params';
import { readQueryString } from './read-query-string';

/** Records per page when `page[size]` is absent (spec §3.2). */
const defaultPageSize = 15;

/**
 * Reads `page[size]` (default 15) and `page[number]` (1-based, default 1) as integers, the way
 * `parseInt` does (`1.5` reads as 1). No upper bound on the size (spec §3.2).
 *
 * @param query - The query string (`request.query`).
 * @returns The page: skip `(number - 1) × size`, limit `size`.
 * @throws ValidationError `Invalid pagination [limit: <size>, skip: <number>]` (the values as
 *   given) when a value does not parse or is not positive.
 *
 * @example
 * ```ts
 * parsePage({ 'page[size]': '20', 'page[number]': '3' }); // Page { skip: 40, limit: 20 }
 * parsePage({}); // Page { skip: 0, limit: 15 }
 * parsePage({ 'page[size]': '0' }); // throws: Invalid pagination [limit: 0, skip: 1]
 * ```
 */
export function parsePage(query: QueryParams): Page {
  const rawSize = readQueryString(query, 'page[size]') ?? String(defaultPageSize);
  const rawNumber = readQueryString(query, 'page[number]') ?? '1';
  const size = Number.parseInt(rawSize, 10);
  const number = Number.parseInt(rawNumber, 10);

  if (!(size > 0) || !(number > 0)) {
    throw new ValidationError(`Invalid pagination [limit: ${rawSize}, skip: ${rawNumber}]`);
  }

  return new Page((number - 1) * size, size);
}
