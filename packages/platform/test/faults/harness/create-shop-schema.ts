import { randomBytes } from 'node:crypto';

import { QueryTypes, Sequelize } from 'sequelize';

/** The agent's shop on PostgreSQL: a schema of its own holding `orders`. */
export interface ShopSchema {
  readonly schema: string;
  /** The `ref` of every order, sorted (each write of a load creates one, its key as `ref`). */
  refs(): Promise<number[]>;
  /** Cuts every connection named `applicationName`; answers how many were cut. */
  terminate(applicationName: string): Promise<number>;
  /** Runs a query on the server (the platform's tables, in their schema). */
  query<T extends object>(sql: string, replacements?: Record<string, unknown>): Promise<T[]>;
  /** Drops the schema and closes the connection. */
  drop(): Promise<void>;
}

/**
 * A new schema `grove_shop_<random>` on the PostgreSQL server of `url` (other suites share the
 * server) with `orders (id serial, ref integer unique, amount integer)` and two orders (refs 0
 * and -1, never a load's key).
 *
 * @example
 * ```ts
 * const shop = await createShopSchema(process.env.POSTGRES_URL!);
 * await shop.terminate('grove-fault-agent-1');
 * ```
 */
export async function createShopSchema(url: string): Promise<ShopSchema> {
  const schema = `grove_shop_${randomBytes(6).toString('hex')}`;
  const sequelize = new Sequelize(url, { logging: false });
  await sequelize.query(`CREATE SCHEMA ${schema}`);
  await sequelize.query(
    `CREATE TABLE ${schema}.orders (id SERIAL PRIMARY KEY, ref INTEGER NOT NULL UNIQUE,
       amount INTEGER NOT NULL)`,
  );
  await sequelize.query(`INSERT INTO ${schema}.orders (ref, amount) VALUES (0, 10), (-1, 20)`);
  const query = <T extends object>(sql: string, replacements: Record<string, unknown> = {}) =>
    sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements });

  return {
    schema,
    query,
    async refs() {
      const rows = await query<{ ref: number }>(
        `SELECT ref FROM ${schema}.orders WHERE ref > 0 ORDER BY ref`,
      );

      return rows.map(row => row.ref);
    },
    async terminate(applicationName) {
      const rows = await query<{ cut: boolean }>(
        `SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
           WHERE application_name = :applicationName AND pid <> pg_backend_pid()`,
        { applicationName },
      );

      return rows.filter(row => row.cut).length;
    },
    async drop() {
      await sequelize.query(`DROP SCHEMA ${schema} CASCADE`);
      await sequelize.close();
    },
  };
}
