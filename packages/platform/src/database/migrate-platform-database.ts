import type { Logger } from '@grove/datasource-toolkit';
import type { Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug } from 'umzug';

import { platformMigrations } from './migrations/platform-migrations';

/** The table that records which migrations ran. */
export const MIGRATIONS_TABLE = 'grove_platform_migrations';

/**
 * Applies the migrations the database has not run yet, oldest first; returns their names.
 * A database already up to date is left untouched.
 *
 * @example
 * ```ts
 * const applied = await migratePlatformDatabase(sequelize); // ['0001-initial-tables']
 * ```
 */
export async function migratePlatformDatabase(
  sequelize: Sequelize,
  logger?: Logger,
): Promise<string[]> {
  const umzug = new Umzug({
    migrations: platformMigrations.map(migration => ({
      name: migration.name,
      up: () => migration.up(sequelize.getQueryInterface()),
      down: () => migration.down(sequelize.getQueryInterface()),
    })),
    storage: new SequelizeStorage({ sequelize, tableName: MIGRATIONS_TABLE }),
    logger: undefined,
  });
  const applied = await umzug.up();

  for (const { name } of applied) logger?.('Info', `Platform database: applied migration ${name}`);

  return applied.map(({ name }) => name);
}
