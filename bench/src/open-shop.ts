import { join } from 'node:path';
import { QueryTypes, Sequelize } from 'sequelize';
import { generateDataset } from './dataset/generate-dataset';
import type { BenchDatabase } from './dataset/generate-dataset';
import type { BenchDialect } from './requests/request-kind';

/**
 * Generates (or reuses) the shop of a scale: SQLite in `bench/.data/shop-<scale>.sqlite` (or
 * `storage`), PostgreSQL as a database of the POSTGRES_URL server.
 *
 * @example
 * ```ts
 * const database = await openShop('sqlite', 1);
 * ```
 */
export function openShop(
  dialect: BenchDialect,
  scale: number,
  storage = join(__dirname, '..', '.data', `shop-${scale}.sqlite`),
): Promise<BenchDatabase> {
  if (dialect === 'postgres') {
    const serverUrl = process.env.POSTGRES_URL;
    if (!serverUrl) throw new Error('PostgreSQL needs POSTGRES_URL');

    return generateDataset({ dialect, serverUrl }, scale);
  }

  return generateDataset({ dialect, storage }, scale);
}

/**
 * The runner's own connection to a shop (validations, raw queries): a pool of 10 on PostgreSQL,
 * one connection on SQLite, like the agents.
 *
 * @example
 * ```ts
 * const db = connectShop(database);
 * ```
 */
export function connectShop(database: BenchDatabase): Sequelize {
  return new Sequelize(database.url, {
    logging: false,
    pool: { max: database.dialect === 'postgres' ? 10 : 1 },
  });
}

/**
 * The database server's version (`PostgreSQL 16.4`, `SQLite 3.44.2`).
 *
 * @example
 * ```ts
 * await serverVersion(db, 'sqlite'); // 'SQLite 3.44.2'
 * ```
 */
export async function serverVersion(db: Sequelize, dialect: BenchDialect): Promise<string> {
  const sql = dialect === 'postgres' ? 'SHOW server_version' : 'SELECT sqlite_version() AS version';
  const [row] = await db.query<Record<string, string>>(sql, { type: QueryTypes.SELECT });
  const version = Object.values(row ?? {})[0] ?? '?';

  return `${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} ${version}`;
}
