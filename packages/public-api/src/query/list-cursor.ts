import { createHmac, timingSafeEqual } from 'node:crypto';

import { decodeCanonicalBase64url } from '../encoding/decode-canonical-base64url';
import { invalidParameter } from '../http/public-api-error';
import type { ListOrder } from '../store/list-query-types';

/** Which list a cursor belongs to: a cursor of one list is refused by the others. */
export type CursorList = 'activity-logs' | 'admin-logs' | 'notes';

/** A position in a list: after the row `(createdAt, id)` (logs) or `id` (notes), in `order`. */
export interface ListPosition {
  readonly list: CursorList;
  readonly order: ListOrder;
  readonly id: string;
  /** ISO 8601; absent for notes (ordered by id alone). */
  readonly createdAt?: string;
}

/** Cursors are short; anything longer is refused before it is decoded. */
const MAX_CURSOR_LENGTH = 512;
const SIGNATURE_BYTES = 16;

function sign(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest().subarray(0, SIGNATURE_BYTES);
}

/**
 * Encodes a position as an opaque base64url cursor, signed so that a tampered cursor is refused.
 *
 * @example
 * ```ts
 * encodeCursor(key, { list: 'notes', order: 'desc', id: '42' });
 * ```
 */
export function encodeCursor(key: Buffer, position: ListPosition): string {
  const payload = Buffer.from(
    JSON.stringify([position.list, position.order, position.id, position.createdAt ?? null]),
  ).toString('base64url');

  return `${payload}.${sign(key, payload).toString('base64url')}`;
}

/** Decodes a cursor of `list` in `order`; a 400 naming `cursor` when it is anything else. */
export function decodeCursor(
  key: Buffer,
  value: string,
  list: CursorList,
  order: ListOrder,
): ListPosition {
  const fail = (why: string) => invalidParameter('cursor', `cursor is invalid: ${why}`);
  if (value.length > MAX_CURSOR_LENGTH) throw fail('too long');
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/.exec(value);
  if (!match) throw fail('malformed');
  // Both parts in their canonical spelling only: an edited last character decodes to the same
  // bytes (docs/public-api.md#lists).
  const given = decodeCanonicalBase64url(match[2]!);
  const payload = decodeCanonicalBase64url(match[1]!);
  const expected = sign(key, match[1]!);
  if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw fail('tampered');
  }
  if (!payload) throw fail('malformed');
  let decoded: unknown;
  try {
    decoded = JSON.parse(payload.toString('utf8'));
  } catch {
    throw fail('malformed');
  }
  if (!Array.isArray(decoded) || decoded.length !== 4) throw fail('malformed');
  const [cursorList, cursorOrder, id, createdAt] = decoded as unknown[];
  if (cursorList !== list) throw fail('it belongs to another list');
  if (cursorOrder !== order) throw fail(`it was made for order=${String(cursorOrder)}`);
  if (typeof id !== 'string' || (createdAt !== null && typeof createdAt !== 'string')) {
    throw fail('malformed');
  }

  return createdAt === null ? { list, order, id } : { list, order, id, createdAt };
}
