import { col, fn, where } from 'sequelize';
import type { WhereOptions } from 'sequelize';

/**
 * The condition "this email column equals `email`, whatever the case" (emails are unique
 * whatever their case on the platform).
 *
 * @example
 * ```ts
 * emailWhere('user_email', 'Ada@example.com')
 * ```
 */
export function emailWhere(column: string, email: string | undefined): WhereOptions {
  if (email === undefined) return {};

  return where(fn('lower', col(column)), email.toLowerCase());
}
