import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Sequelize } from 'sequelize';
import { parseDatabaseUrl } from '../../../src/demo-database/parse-database-url';
import type { DemoTestConnection } from './demo-test-connections';

/** A private, still empty place for one demo database: a file, a schema or a database. */
export interface ScratchDemoDatabase {
  /** The URL to give `ensureDemoDatabase` and `createSqlDataSource`. */
  readonly url: string;
  /** A Sequelize instance on the scratch database (opened on first use), for assertions. */
  sequelize(): Sequelize;
  drop(): Promise<void>;
}

function uniqueName(): string {
  return `grove_demo_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Reserves a scratch database on a test connection: a SQLite file in a directory that does not
 * exist yet, a PostgreSQL schema (created by `ensureDemoDatabase` itself), a MySQL/MariaDB
 * database. `drop()` removes it.
 *
 * @example
 * ```ts
 * const scratch = await createScratchDemoDatabase(connection);
 * await ensureDemoDatabase(scratch.url);
 * await scratch.drop();
 * ```
 */
export async function createScratchDemoDatabase(
  connection: DemoTestConnection,
): Promise<ScratchDemoDatabase> {
  const name = uniqueName();
  let url: string;
  let admin: Sequelize | undefined;
  let dropStatement = '';
  if (connection.dialect === 'sqlite') {
    url = `sqlite:${join(tmpdir(), name, 'data', 'demo.sqlite')}`;
  } else if (connection.dialect === 'postgres') {
    const withSchema = new URL(connection.url as string);
    withSchema.searchParams.set('schema', name);
    url = withSchema.toString();
    admin = new Sequelize(connection.url as string, { logging: false, pool: { max: 1 } });
    dropStatement = `DROP SCHEMA IF EXISTS "${name}" CASCADE`;
  } else {
    admin = new Sequelize(connection.url as string, { logging: false, pool: { max: 1 } });
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
    const withDatabase = new URL(connection.url as string);
    withDatabase.pathname = `/${name}`;
    url = withDatabase.toString();
    dropStatement = `DROP DATABASE IF EXISTS \`${name}\``;
  }
  let sequelize: Sequelize | undefined;

  return {
    url,
    sequelize: () => (sequelize ??= new Sequelize(parseDatabaseUrl(url).options)),
    drop: async () => {
      await sequelize?.close();
      if (admin) {
        await admin.query(dropStatement);
        await admin.close();
      } else {
        await rm(join(tmpdir(), name), { recursive: true, force: true });
      }
    },
  };
}
