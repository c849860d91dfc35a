import type { Logger } from '@grove/datasource-toolkit';
import type { Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug } from 'umzug';

import { platformMigrations } from './migrations/platform-migrations';

/** The table that records which migrations ran. */
export const MIGRATIONS_TABLE = 'grove_platform_migrations';

/** The PostgreSQL advisory lock that serialises platform processes migrating one database. */
const MIGRATION_LOCK = 0x67726f76; // 'grov'

/**
 * Applies the migrations the database has not run yet, oldest first; returns their names.
 * `schema`: the PostgreSQL schema the platform's tables live in, when not the default.
 * A database already up to date is left untouched. On PostgreSQL, processes that start together
 * on one database migrate one after the other: the first holds a transaction-level advisory
 * lock while it migrates, the others wait for it and then find nothing left to apply.
 *
 * @example
 * ```ts
 * const applied = await migratePlatformDatabase(sequelize); // ['0001-initial-tables']
 * ```
 */
export async function migratePlatformDatabase(
  sequelize: Sequelize,
  logger?: Logger,
  schema?: string,
): Promise<string[]> {
  const umzug = new Umzug({
    migrations: platformMigrations.map(migration => ({
      name: migration.name,
      up: () => migration.up(sequelize.getQueryInterface()),
      down: () => migration.down(sequelize.getQueryInterface()),
    })),
    // Named schema: Sequelize's index look-up then stays in it (unqualified, it scans every schema
    // of the server and fails when another platform's schema is dropped meanwhile).
    storage: new SequelizeStorage({ sequelize, tableName: MIGRATIONS_TABLE, schema }),
    logger: undefined,
  });
  const applied =
    sequelize.getDialect() === 'postgres'
      ? await sequelize.transaction(async transaction => {
          // Held until this transaction ends; the migrations run on other pool connections. Keyed
          // by schema too: platforms in other schemas of the server do not wait for each other.
          await sequelize.query(
            `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK}, hashtext(current_schema()))`,
            { transaction },
          );

          return umzug.up();
        })
      : await umzug.up();

  for (const { name } of applied) logger?.('Info', `Platform database: applied migration ${name}`);

  return applied.map(({ name }) => name);
}
