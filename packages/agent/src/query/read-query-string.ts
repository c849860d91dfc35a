import type { QueryParams } from './query-params';

/**
 * Reads one scalar parameter as a string. A repeated key (`?a=1&a=2`, an array) gives its first
 * value, like `URLSearchParams.get`; numbers and booleans (from a merged subset query) give their
 * string form; absent, null and object values give `undefined`.
 *
 * @example
 * ```ts
 * readQueryString({ 'page[size]': ['20', '30'] }, 'page[size]'); // '20'
 * readQueryString({ searchExtended: true }, 'searchExtended'); // 'true'
 * readQueryString({}, 'timezone'); // undefined
 * ```
 */
export function readQueryString(query: QueryParams, key: string): string | undefined {
  const raw = query[key];
  const value: unknown = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);

  return undefined;
}
