import { ValidationError } from '@grove/datasource-toolkit';
import { decodeCanonicalBase64url } from '@grove/public-api';
import type { LogCursor } from '@grove/public-api';

/**
 * The cursor of the next page of a log list in the admin API: the last row's `(createdAt, id)`,
 * base64url-encoded. Unsigned on purpose — the list is always scoped to the caller's project
 * (or environment) by the route, so a forged cursor only moves the position within what the
 * Admin may read anyway.
 *
 * @example
 * ```ts
 * const next = encodeLogCursor({ createdAt: '2026-01-01T00:00:00.000Z', id: '42' });
 * ```
 */
export function encodeLogCursor(last: { readonly createdAt: string; readonly id: string }): string {
  return Buffer.from(`${last.createdAt}|${last.id}`).toString('base64url');
}

/**
 * Reads a cursor made by {@link encodeLogCursor}; a 400 naming `cursor` otherwise.
 *
 * @example
 * ```ts
 * const after = decodeLogCursor(params.get('cursor'));
 * ```
 */
export function decodeLogCursor(value: string): LogCursor {
  const fail = () => new ValidationError('cursor is invalid: use the nextCursor of a page');
  // The canonical spelling only, as every signed value (docs/public-api.md#lists).
  const bytes = value.length > 128 ? null : decodeCanonicalBase64url(value);
  if (!bytes || bytes.length === 0) throw fail();
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([1-9]\d{0,15})$/.exec(
    bytes.toString('utf8'),
  );
  const createdAt = match ? new Date(match[1]!) : null;
  if (!match || !createdAt || Number.isNaN(createdAt.getTime())) throw fail();

  return { createdAt, id: match[2]! };
}
