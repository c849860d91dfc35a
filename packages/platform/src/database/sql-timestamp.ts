import type { PlatformDatabase } from './platform-database';

/**
 * A date as a bound value of a raw statement, stored exactly as the platform's models store it:
 * SQLite keeps Sequelize's text form in UTC (`2026-11-24 10:02:39.591 +00:00`, which sorts as
 * time does), PostgreSQL takes the `Date`.
 *
 * @example
 * ```ts
 * await db.sequelize.query('UPDATE t SET updated_at = $1', { bind: [sqlTimestamp(db, new Date())] });
 * ```
 */
export function sqlTimestamp(db: Pick<PlatformDatabase, 'dialect'>, date: Date): Date | string {
  return db.dialect === 'sqlite'
    ? date.toISOString().replace('T', ' ').replace('Z', ' +00:00')
    : date;
}
