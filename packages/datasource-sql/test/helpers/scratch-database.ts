import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes, Sequelize } from 'sequelize';
import type { SqlConnectionOptions } from '../../src';
import { uniqueName, type TestConnection } from './connections';

/** A private database (SQLite file, Postgres schema or MariaDB database) for one test. */
export interface ScratchDatabase {
  readonly options: SqlConnectionOptions;
  /** A Sequelize instance on the scratch database, to create tables and rows. */
  readonly sequelize: Sequelize;
  readonly schema?: string;
  readonly isMariaDbServer: boolean;
  drop(): Promise<void>;
}

/**
 * Creates a private scratch database on a test connection; `drop()` removes it.
 *
 * @example
 * ```ts
 * const scratch = await createScratchDatabase(connection);
 * await scratch.sequelize.query('CREATE TABLE t (id INTEGER PRIMARY KEY)');
 * await scratch.drop();
 * ```
 */
export async function createScratchDatabase(connection: TestConnection): Promise<ScratchDatabase> {
  const name = uniqueName();
  if (connection.dialect === 'sqlite') {
    const storage = join(tmpdir(), `${name}.sqlite`);
    const sequelize = new Sequelize({ dialect: 'sqlite', storage, logging: false });

    return {
      options: { dialect: 'sqlite', storage },
      sequelize,
      isMariaDbServer: false,
      drop: async () => {
        await sequelize.close();
        await rm(storage, { force: true });
      },
    };
  }
  const url = connection.url as string;
  if (connection.dialect === 'postgres') {
    const sequelize = new Sequelize(url, { logging: false, pool: { max: 2 } });
    await sequelize.query(`CREATE SCHEMA "${name}"`);

    return {
      options: { uri: url, schema: name },
      sequelize,
      schema: name,
      isMariaDbServer: false,
      drop: async () => {
        await sequelize.query(`DROP SCHEMA "${name}" CASCADE`);
        await sequelize.close();
      },
    };
  }
  const admin = new Sequelize(url, { logging: false, pool: { max: 1 } });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`);
  const [{ v }] = (await admin.query('SELECT VERSION() AS v', { type: QueryTypes.SELECT })) as [
    { v: string },
  ];
  const scratchUrl = url.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  const sequelize = new Sequelize(scratchUrl, { logging: false, pool: { max: 2 } });

  return {
    options: { uri: scratchUrl },
    sequelize,
    isMariaDbServer: /mariadb/i.test(v),
    drop: async () => {
      await sequelize.close();
      await admin.query(`DROP DATABASE \`${name}\``);
      await admin.close();
    },
  };
}
