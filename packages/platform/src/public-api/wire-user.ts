import type { WireUser } from '@grove/public-api';
import { Op } from 'sequelize';
import type { Transaction } from 'sequelize';

import type { UserRow } from '../database/models/platform-models';
import type { PlatformDatabase } from '../database/platform-database';

/**
 * The users of `ids` (null and repeated ids ignored) in one query, by id.
 *
 * @example
 * ```ts
 * const users = await loadUsers(db, rows.map(row => row.userId));
 * ```
 */
export async function loadUsers(
  db: PlatformDatabase,
  ids: readonly (number | null)[],
  transaction?: Transaction,
): Promise<Map<number, UserRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const users = await db.models.User.findAll({
    where: { id: { [Op.in]: wanted } },
    transaction,
  });

  return new Map(users.map(user => [user.id, user.get({ plain: true })]));
}

/**
 * A `user` object of the wire: the user as they are now, or — when they were deleted — id 0 with
 * the email copied into the row (also as username).
 *
 * @example
 * ```ts
 * wireUser(users.get(row.userId ?? 0), row.userEmail); // { object: 'user', id, username, email }
 * ```
 */
export function wireUser(user: UserRow | undefined, copiedEmail: string | null): WireUser {
  if (user) {
    return {
      object: 'user',
      id: user.id,
      username: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
    };
  }

  return { object: 'user', id: 0, username: copiedEmail ?? '', email: copiedEmail ?? '' };
}

/**
 * An ISO 8601 date of the wire (SQLite may hand back strings: they are parsed first).
 *
 * @example
 * ```ts
 * isoDate(row.createdAt); // '2026-01-02T03:04:05.678Z'
 * ```
 */
export function isoDate(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
