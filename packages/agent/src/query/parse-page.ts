import { Page, ValidationError } from '@grove/datasource-toolkit';
import type { QueryParams } from './query-params';
import { readQueryString } from './read-query-string';

/** Records per page when `page[size]` is absent (docs/agent-protocol.md#pagination). */
const defaultPageSize = 15;

/**
 * Options of {@link parsePage}.
 *
 * @example
 * ```ts
 * const options: ParsePageOptions = { maxPageSize: 10_000 };
 * ```
 */
export interface ParsePageOptions {
  /** The largest `page[size]` (the agent's `maxPageSize` option); no cap when absent. */
  readonly maxPageSize?: number;
}

/**
 * Reads `page[size]` (default 15) and `page[number]` (1-based, default 1) as integers, the way
 * `parseInt` does (`1.5` reads as 1).
 *
 * @param query - The query string (`request.query`).
 * @param options - The cap on the page size.
 * @returns The page: skip `(number - 1) × size`, limit `size`.
 * @throws ValidationError `Invalid pagination [limit: <size>, skip: <number>]` (the values as
 *   given) when a value does not parse, is not positive, or the offset is past any safe integer;
 *   `Invalid pagination: page[size] …` when the size is over `maxPageSize`
 *   (docs/decisions.md#d11-page-size-cap: the vendor has no upper bound).
 *
 * @example
 * ```ts
 * parsePage({ 'page[size]': '20', 'page[number]': '3' }); // Page { skip: 40, limit: 20 }
 * parsePage({}); // Page { skip: 0, limit: 15 }
 * parsePage({ 'page[size]': '0' }); // throws: Invalid pagination [limit: 0, skip: 1]
 * parsePage({ 'page[size]': '500' }, { maxPageSize: 100 }); // throws: … at most 100 records
 * ```
 */
export function parsePage(query: QueryParams, options: ParsePageOptions = {}): Page {
  const rawSize = readQueryString(query, 'page[size]') ?? String(defaultPageSize);
  const rawNumber = readQueryString(query, 'page[number]') ?? '1';
  const size = Number.parseInt(rawSize, 10);
  const number = Number.parseInt(rawNumber, 10);

  if (!(size > 0) || !(number > 0)) {
    throw new ValidationError(`Invalid pagination [limit: ${rawSize}, skip: ${rawNumber}]`);
  }
  const { maxPageSize } = options;
  if (maxPageSize !== undefined && size > maxPageSize) {
    throw new ValidationError(
      `Invalid pagination: page[size] is ${rawSize}, a page holds at most ${maxPageSize} records`,
    );
  }
  if (!Number.isSafeInteger(size) || !Number.isSafeInteger((number - 1) * size)) {
    throw new ValidationError(`Invalid pagination [limit: ${rawSize}, skip: ${rawNumber}]`);
  }

  return new Page((number - 1) * size, size);
}
