import type { QueryParams } from './query-params';
import { readQueryString } from './read-query-string';

/**
 * Reads a comma-separated list parameter; a repeated key (`?fields[books]=title&fields[books]=price`,
 * as the vendor's client sends projections) is joined with commas instead of keeping its first
 * value.
 *
 * @example
 * ```ts
 * readQueryList({ 'fields[books]': ['title', 'price'] }, 'fields[books]'); // 'title,price'
 * readQueryList({ 'fields[books]': 'title,price' }, 'fields[books]'); // 'title,price'
 * ```
 */
export function readQueryList(query: QueryParams, key: string): string | undefined {
  const raw = query[key];
  if (!Array.isArray(raw)) return readQueryString(query, key);
  const parts = raw.filter((part): part is string => typeof part === 'string');

  return parts.length > 0 ? parts.join(',') : undefined;
}
