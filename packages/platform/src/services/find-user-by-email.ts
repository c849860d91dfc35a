import { fn, col, where } from 'sequelize';
import type { Transaction } from 'sequelize';

import type { PlatformDatabase } from '../database/platform-database';

/**
 * The user of an email, whatever its case (the unique index is on `LOWER(email)`), or null.
 *
 * @example
 * ```ts
 * const user = await findUserByEmail(db, 'Ada@Example.com');
 * ```
 */
export async function findUserByEmail(
  db: PlatformDatabase,
  email: string,
  transaction?: Transaction,
) {
  return db.models.User.findOne({
    where: where(fn('LOWER', col('email')), email.toLowerCase()),
    transaction,
  });
}
