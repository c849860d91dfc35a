type Row = Record<string, unknown>;

/**
 * What a statement is for: a `read` answers rows and may run again when its connection is lost;
 * a `write` answers what the driver reports (rows where it returns them, on MySQL and MariaDB the
 * result with its insert id); a `returning` write answers its rows (`INSERT … RETURNING`).
 */
export type StatementIntent = 'read' | 'write' | 'returning';

/** The statements of one transaction, on its connection. */
export interface DriverTransaction {
  /** Runs one statement of the transaction and answers its rows (see {@link StatementIntent}). */
  query(sql: string, bind: readonly unknown[], intent: StatementIntent): Promise<Row[]>;
}

/**
 * A pool of connections: a driver's own (`pg`, `sqlite3`, without Sequelize) or Sequelize's
 * (MySQL, MariaDB). Statements written with `$1, $2…` and `$$` (see `formatBinds`), transactions,
 * the server's version. The data source's connection runs every statement through one.
 *
 * @example
 * ```ts
 * const pool = createPostgresPool(options, { ssl: false }, logger);
 * const rows = await pool.query('SELECT 1 AS one WHERE 1 = $1', [1], 'read');
 * await pool.transaction(false, async tx => tx.query('UPDATE t SET a = $1', [2], 'write'));
 * ```
 */
export interface DriverPool {
  /** Runs one statement outside any transaction and answers its rows. */
  query(sql: string, bind: readonly unknown[], intent: StatementIntent): Promise<Row[]>;
  /**
   * Runs `work` in a transaction on a connection of its own, committed when it resolves and
   * rolled back when it throws. `immediate`: SQLite's `BEGIN IMMEDIATE` (the write lock at once).
   */
  transaction<T>(
    immediate: boolean,
    work: (transaction: DriverTransaction) => Promise<T>,
  ): Promise<T>;
  /** The server's version text, as the server words it. */
  version(): Promise<string>;
  /** Closes every connection. */
  close(): Promise<void>;
  /** Logs a statement at Debug level, as the pool logs its own. */
  log(sql: string): void;
}

/**
 * How many times a read outside a transaction runs when it loses its connection: a read changes
 * nothing, so it runs again on another connection
 * (docs/decisions.md#d27-lost-database-connections).
 */
export const LOST_READ_ATTEMPTS = 3;

/**
 * Whether a MySQL or MariaDB error (as Sequelize wraps it) lost its connection: the drivers mark
 * such errors `fatal` (the socket closed, the connection was killed), as opposed to a statement
 * the server refused.
 *
 * @example
 * ```ts
 * isLostSequelizeConnection(Object.assign(new Error('closed'), { parent: { fatal: true } })); // true
 * ```
 */
export function isLostSequelizeConnection(error: unknown): boolean {
  const { parent, original } = (error ?? {}) as { parent?: unknown; original?: unknown };
  const driverError = (parent ?? original ?? {}) as { fatal?: unknown };

  return driverError.fatal === true;
}

/**
 * Whether a PostgreSQL statement failed because its connection was lost: the server ended the
 * session (`FATAL`, `PANIC`: `pg_terminate_backend`, a shutdown), or the socket closed under it.
 * Not a timeout, not a refusal.
 *
 * @example
 * ```ts
 * isLostPostgresConnection(Object.assign(new Error('bye'), { code: '57P01', severity: 'FATAL' })); // true
 * isLostPostgresConnection(new Error('Connection terminated unexpectedly')); // true
 * ```
 */
export function isLostPostgresConnection(error: unknown): boolean {
  const { code, severity, message } = (error ?? {}) as {
    code?: unknown;
    severity?: unknown;
    message?: unknown;
  };
  if (severity === 'FATAL' || severity === 'PANIC') return true;
  if (code === 'ECONNRESET' || code === 'EPIPE') return true;

  return typeof message === 'string' && /^Connection terminated|not queryable/.test(message);
}

/**
 * True when a failed statement is the database's refusal of it (a PostgreSQL error message,
 * which carries the severity ERROR and a SQLSTATE; a SQLite result code): the statement changed nothing
 * and the connection is sound. False for anything else (a lost socket, a timeout), after which
 * a write may or may not have been applied and the connection is not handed out again.
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

  // FATAL and PANIC end the session (57P01 of pg_terminate_backend): the connection is lost.
  return severity === 'ERROR' && /^[0-9A-Z]{5}$/.test(code);
}
