import type { Request } from 'express';

import { PublicApiError, invalidParameter } from '../http/public-api-error';

/** Longest query string read at all. */
const MAX_QUERY_LENGTH = 8 * 1024;
/** Longest value of one parameter (cursors are shorter than this). */
export const MAX_QUERY_VALUE_LENGTH = 1024;

/**
 * Reads the query string of a request once, linearly: every name must be one of `allowed`, at
 * most once, with a value of at most {@link MAX_QUERY_VALUE_LENGTH} characters; else a 400 that
 * names the parameter.
 *
 * @example
 * ```ts
 * const params = readQueryParameters(req, new Set(['limit', 'cursor']));
 * ```
 */
export function readQueryParameters(
  req: Request,
  allowed: ReadonlySet<string>,
): ReadonlyMap<string, string> {
  const url = req.originalUrl;
  const start = url.indexOf('?');
  const raw = start === -1 ? '' : url.slice(start + 1);
  if (raw.length > MAX_QUERY_LENGTH) {
    throw new PublicApiError('invalid_parameter', 'The query string is too long');
  }
  const params = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(raw)) {
    const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name;
    if (!allowed.has(name)) throw invalidParameter(shown, `Unknown parameter ${shown}`);
    if (params.has(name)) throw invalidParameter(name, `Parameter ${name} is repeated`);
    if (value.length > MAX_QUERY_VALUE_LENGTH) {
      throw invalidParameter(name, `Parameter ${name} is too long`);
    }
    params.set(name, value);
  }

  return params;
}
