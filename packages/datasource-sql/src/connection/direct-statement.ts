import type { Sequelize } from 'sequelize';
import type { Logger } from '@grove/datasource-toolkit';
import type { SqlDialectName } from './connection-options';

type Row = Record<string, unknown>;

/** What a direct statement is for: the pool hands reads and writes out as Sequelize does. */
export type StatementIntent = 'read' | 'write';

/**
 * Runs one statement outside any transaction on a connection of the pool, without Sequelize,
 * and answers its rows (none for a write without `RETURNING`).
 */
export type DirectStatement = (
  sql: string,
  bind: readonly unknown[],
  intent: StatementIntent,
) => Promise<Row[]>;

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
 * True when a failed direct statement is the database's refusal of it (a PostgreSQL error
 * message, which carries a severity and a SQLSTATE; a SQLite result code): the statement ran
 * alone and changed nothing, so it may be run again. False for anything else (a lost socket,
 * a timeout), after which a write may or may not have been applied.
 *
 * @example
 * ```ts
 * isDatabaseRefusal(Object.assign(new Error('dup'), { code: '23505', severity: 'ERROR' })); // true
 * isDatabaseRefusal(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })); // false
 * ```
 */
export function isDatabaseRefusal(error: unknown): boolean {
  const { code, severity } = (error ?? {}) as { code?: unknown; severity?: unknown };
  if (typeof code !== 'string') return false;
  if (code.startsWith('SQLITE_')) return true;

  return typeof severity === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * The statements of SQLite and PostgreSQL outside transactions, without Sequelize's per-query
 * work (a query object, an `Error` captured for its stack, hooks, retries, a copy of every row):
 * the same SQL and bound values as `sequelize.query(sql, { bind })` (Sequelize's own bind
 * formatting), on a connection of the same pool (so with the same type parsers and session
 * settings), logged the same way at Debug level. A failed statement rejects with the driver's
 * error; the caller decides, with {@link isDatabaseRefusal}, whether Sequelize may run it again
 * for its retries and the error shapes the rest of the data source expects. Other dialects have
 * none (null).
 *
 * @example
 * ```ts
 * const direct = createDirectStatement(sequelize, 'sqlite', logger);
 * const rows = await direct?.('SELECT 1 AS one WHERE 1 = $1', [1], 'read');
 * ```
 */
export function createDirectStatement(
  sequelize: Sequelize,
  dialect: SqlDialectName,
  logger?: Logger,
): DirectStatement | null {
  if (dialect !== 'sqlite' && dialect !== 'postgres') return null;
  const internals = sequelize as unknown as SequelizeInternals;
  // Always formatted, as `SqlConnection` has Sequelize do: `$$` stands for `$` even without values.
  const format = (sql: string, bind: readonly unknown[]): [string, unknown] =>
    internals.dialect.Query.formatBindParameters(sql.trim(), [...bind], dialect);

  return async (sql, bind, intent) => {
    const [text, parameters] = format(sql, bind);
    // As Sequelize asks its pool: a read as a SELECT, a write as a raw query.
    const connection = await internals.connectionManager.getConnection({
      type: intent === 'read' ? 'SELECT' : 'RAW',
    });
    try {
      logger?.('Debug', text);

      return await (dialect === 'sqlite'
        ? runSqlite(connection as SqliteDatabase, text, parameters)
        : runPostgres(connection as PostgresClient, text, parameters as unknown[] | undefined));
    } finally {
      await internals.connectionManager.releaseConnection(connection);
    }
  };
}

function runSqlite(database: SqliteDatabase, sql: string, parameters: unknown): Promise<Row[]> {
  // As Sequelize binds them: named `$1…` values, bigints as text.
  const bound: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries((parameters ?? {}) as Record<string, unknown>)) {
    bound[key] = typeof value === 'bigint' ? value.toString() : value;
  }

  return new Promise((resolve, reject) => {
    database.serialize(() => {
      // `all` runs any statement: the rows of a SELECT or a RETURNING, none for other writes.
      database.all(sql, parameters === undefined ? [] : bound, (error, rows) =>
        error ? reject(error) : resolve(rows),
      );
    });
  });
}

function runPostgres(
  client: PostgresClient,
  sql: string,
  parameters: unknown[] | undefined,
): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    client.query(sql, parameters?.length ? parameters : undefined, (error, result) => {
      if (!error) return resolve(result.rows);
      // A failure that is not the database's answer: the connection may be broken, and the
      // pool must not hand it out again (Sequelize marks it so too).
      if (!isDatabaseRefusal(error)) client._invalid = true;

      return reject(error);
    });
  });
}
