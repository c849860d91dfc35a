import type { Sequelize } from 'sequelize';
import type { Logger } from '@grove/datasource-toolkit';
import type { SqlDialectName } from './connection-options';

type Row = Record<string, unknown>;

/** Runs a SELECT outside any transaction on a connection of the pool, without Sequelize. */
export type DirectRead = (sql: string, bind: readonly unknown[]) => Promise<Row[]>;

/** What the direct path uses of Sequelize: its bind formatting and its connection pool. */
interface SequelizeInternals {
  readonly dialect: {
    readonly Query: {
      formatBindParameters(sql: string, bind: unknown[], dialect: string): [string, unknown];
    };
  };
  readonly connectionManager: {
    getConnection(options: object): Promise<unknown>;
    releaseConnection(connection: unknown): void | Promise<void>;
  };
}

interface SqliteDatabase {
  serialize(callback: () => void): void;
  all(sql: string, parameters: unknown, callback: (error: Error | null, rows: Row[]) => void): void;
}

interface PostgresClient {
  query(
    sql: string,
    parameters: unknown[] | undefined,
    callback: (error: (Error & { code?: string }) | null, result: { rows: Row[] }) => void,
  ): void;
  _invalid?: boolean;
}

/**
 * The read path of SQLite and PostgreSQL without Sequelize's per-query work (a query object,
 * an `Error` captured for its stack, hooks, retries, a copy of every row): the same SQL and bound
 * values as `sequelize.query(sql, { type: SELECT, bind })` (Sequelize's own bind formatting), on
 * a connection of the same pool (so with the same type parsers and session settings), logged
 * the same way at Debug level. A failed read resolves with the driver's error: the caller runs
 * it again through Sequelize, which retries what it retries and shapes errors as the rest of the
 * data source expects. Other dialects have none (null).
 *
 * @example
 * ```ts
 * const read = createDirectRead(sequelize, 'sqlite', logger);
 * const rows = await read?.('SELECT 1 AS one WHERE 1 = $1', [1]);
 * ```
 */
export function createDirectRead(
  sequelize: Sequelize,
  dialect: SqlDialectName,
  logger?: Logger,
): DirectRead | null {
  if (dialect !== 'sqlite' && dialect !== 'postgres') return null;
  const internals = sequelize as unknown as SequelizeInternals;
  // Always formatted, as `SqlConnection` has Sequelize do: `$$` stands for `$` even without values.
  const format = (sql: string, bind: readonly unknown[]): [string, unknown] =>
    internals.dialect.Query.formatBindParameters(sql.trim(), [...bind], dialect);

  return async (sql, bind) => {
    const [text, parameters] = format(sql, bind);
    const connection = await internals.connectionManager.getConnection({ type: 'SELECT' });
    try {
      logger?.('Debug', text);

      return await (dialect === 'sqlite'
        ? readSqlite(connection as SqliteDatabase, text, parameters)
        : readPostgres(connection as PostgresClient, text, parameters as unknown[] | undefined));
    } finally {
      await internals.connectionManager.releaseConnection(connection);
    }
  };
}

function readSqlite(database: SqliteDatabase, sql: string, parameters: unknown): Promise<Row[]> {
  // As Sequelize binds them: named `$1…` values, bigints as text.
  const bound: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries((parameters ?? {}) as Record<string, unknown>)) {
    bound[key] = typeof value === 'bigint' ? value.toString() : value;
  }

  return new Promise((resolve, reject) => {
    database.serialize(() => {
      database.all(sql, parameters === undefined ? [] : bound, (error, rows) =>
        error ? reject(error) : resolve(rows),
      );
    });
  });
}

function readPostgres(
  client: PostgresClient,
  sql: string,
  parameters: unknown[] | undefined,
): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    client.query(sql, parameters?.length ? parameters : undefined, (error, result) => {
      if (!error) return resolve(result.rows);
      // A failure that is not the database's answer (no SQLSTATE): the connection may be broken,
      // and the pool must not hand it out again (Sequelize marks it so too).
      if (!/^[0-9A-Z]{5}$/.test(error.code ?? '')) client._invalid = true;

      return reject(error);
    });
  });
}
