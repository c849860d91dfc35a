import { AsyncLocalStorage } from 'node:async_hooks';
import { Sequelize, QueryTypes, Transaction, type Options } from 'sequelize';
import type { Logger } from '@grove/datasource-toolkit';
import type { ResolvedConnectionOptions, SqlDialectName } from './connection-options';
import { poolOptions } from './pool-options';
import { DatabaseConnectError, humanizeErrorName } from './database-connect-error';
import { DisconnectedDataSourceError } from './disconnected-data-source-error';
import { createDirectStatement, isDatabaseRefusal, type DirectStatement } from './direct-statement';
import { explainDriverError } from './missing-driver-error';
import { readServerVersion } from './server-version';
import { WriteQueue } from './write-queue';
import { withoutFetchGlobals } from './without-fetch-globals';

type Row = Record<string, unknown>;

/**
 * How long a SQLite statement waits for a lock held by another process (or, for a read, by this
 * process's writer) before failing with SQLITE_BUSY.
 */
const sqliteBusyTimeoutMs = 10_000;

/** The settings of every SQLite connection (see `configureSqliteConnections`). */
const sqlitePragmas = ['PRAGMA journal_mode = WAL', 'PRAGMA synchronous = NORMAL'];

/** The transaction of an async context; `open` turns false when it ends. */
interface Ambient {
  readonly transaction: Transaction;
  open: boolean;
}

function tlsOptions(options: ResolvedConnectionOptions, mode: string): Record<string, unknown> {
  const base = { ...(options.dialectOptions ?? {}) };
  if (mode === 'manual' || options.dialect === 'sqlite') {
    return options.ssl === undefined ? base : { ...base, ssl: options.ssl };
  }
  if (mode === 'disabled') return { ...base, ssl: false };
  const verify = mode === 'verify';
  const servername = options.dialect === 'postgres' ? { servername: options.host } : {};

  return { ...base, ssl: { rejectUnauthorized: verify, ...servername } };
}

/** The facts about a connection that queries depend on. */
interface ConnectionFacts {
  readonly dialect: SqlDialectName;
  readonly schema: string | undefined;
  readonly debugUri: string;
  readonly isMariaDbServer: boolean;
}

/**
 * A live connection pool (Sequelize) with the facts queries depend on: the dialect, the schema,
 * and whether a MySQL-protocol server is MariaDB. Every statement goes through `select`, `run`
 * or `runReturning`, with bound parameters written `$1, $2…` (and `$$` for a literal `$`, which
 * quoted identifiers use: every statement goes through Sequelize's bind formatting, values or
 * not), and is logged at Debug level.
 *
 * Transactions are ambient: while the work of `transaction` runs, every statement of its async
 * context (and a nested `transaction`) uses its connection.
 *
 * SQLite has a single writer per file, and Sequelize opens a new connection per transaction:
 * concurrent DEFERRED transactions would fight for the lock and busy-wait. So on SQLite, writes
 * are queued in-process (single statements share one connection; a transaction runs alone),
 * transactions are IMMEDIATE (they take the write lock at BEGIN, never upgrade it), and every
 * connection waits up to ten seconds for a lock held by another process. Files are switched to
 * WAL with `synchronous=NORMAL` (see the README). Reads outside a
 * transaction are not queued.
 *
 * @example
 * ```ts
 * const connection = await SqlConnection.open(resolveConnectionOptions(uri), logger);
 * const rows = await connection.select('SELECT 1 AS one WHERE 1 = $1', [1]);
 * ```
 */
export class SqlConnection {
  private readonly ambient = new AsyncLocalStorage<Ambient>();
  /** SQLite only: the in-process queue of writers. */
  private readonly writers: WriteQueue | null;
  /** SQLite and PostgreSQL: statements outside transactions, on the pool's connections directly. */
  private readonly direct: DirectStatement | null;

  readonly dialect: SqlDialectName;
  readonly schema: string | undefined;
  readonly debugUri: string;
  readonly isMariaDbServer: boolean;

  private constructor(
    /** The pool; null for a disconnected connection (see {@link SqlConnection.disconnected}). */
    private readonly pool: Sequelize | null,
    facts: ConnectionFacts,
    logger?: Logger,
  ) {
    const { dialect } = facts;
    this.dialect = dialect;
    this.schema = facts.schema;
    this.debugUri = facts.debugUri;
    this.isMariaDbServer = facts.isMariaDbServer;
    this.writers = dialect === 'sqlite' ? new WriteQueue() : null;
    this.direct = pool ? createDirectStatement(pool, dialect, logger) : null;
  }

  /**
   * A connection that never connects: schemas can be built on it (typings from a saved
   * introspection), but every statement throws a {@link DisconnectedDataSourceError}.
   */
  static disconnected(dialect: SqlDialectName): SqlConnection {
    return new SqlConnection(null, {
      dialect,
      schema: undefined,
      debugUri: `${dialect}:disconnected`,
      isMariaDbServer: false,
    });
  }

  /** The Sequelize instance; a disconnected connection throws instead of running anything. */
  get sequelize(): Sequelize {
    if (!this.pool) throw new DisconnectedDataSourceError();

    return this.pool;
  }

  /** The driver handed to collections as `nativeDriver` (null when disconnected). */
  get nativeDriver(): Sequelize | null {
    return this.pool;
  }

  /** Connects and tests the connection, or throws a {@link DatabaseConnectError}. */
  static async open(options: ResolvedConnectionOptions, logger?: Logger): Promise<SqlConnection> {
    const modes = options.sslMode === 'preferred' ? ['required', 'disabled'] : [options.sslMode];
    let lastError: unknown;
    for (const mode of modes) {
      let sequelize: Sequelize;
      try {
        // The constructor loads the driver (pg without undici: see withoutFetchGlobals).
        sequelize = withoutFetchGlobals(
          () => new Sequelize(sequelizeOptions(options, mode, logger)),
        );
      } catch (error) {
        throw explainDriverError(options.dialect, error);
      }
      if (options.dialect === 'sqlite') configureSqliteConnections(sequelize);
      try {
        // The first statement tests the connection; MariaDB names itself in its version.
        const version = await withTimeout(
          readServerVersion(sequelize),
          options.connectionTimeoutInMs,
        );
        const schema =
          options.dialect === 'postgres' ? (options.schema ?? 'public') : options.database;

        const connection = new SqlConnection(
          sequelize,
          {
            dialect: options.dialect,
            schema,
            debugUri: options.debugUri,
            isMariaDbServer:
              (options.dialect === 'mysql' || options.dialect === 'mariadb') &&
              /mariadb/i.test(version),
          },
          logger,
        );

        return connection;
      } catch (error) {
        lastError = error;
        await sequelize.close().catch(() => undefined);
      }
    }
    const error = lastError as Error;
    const details =
      error?.message === 'timeout'
        ? 'Connection to database timed out'
        : `${humanizeErrorName(error?.name ?? 'Error')}: ${scrub(error?.message ?? '', options.password)}`;
    throw new DatabaseConnectError(options.debugUri, details, lastError);
  }

  /**
   * Runs a query returning rows (in the current transaction, if any). Outside a transaction, on
   * SQLite and PostgreSQL, the driver runs it directly (see `createDirectStatement`); should that
   * fail, Sequelize runs it again, for its retries and its errors.
   */
  async select(sql: string, bind: readonly unknown[] = []): Promise<Row[]> {
    const transaction = this.currentTransaction();
    if (this.direct && !transaction) {
      try {
        return await this.direct(sql, bind, 'read');
      } catch {
        // Answered below.
      }
    }

    return await this.sequelize.query<Row>(sql, {
      type: QueryTypes.SELECT,
      bind: [...bind],
      transaction,
    });
  }

  /**
   * Runs a write; returns what the driver reports first (the insert id on MySQL/MariaDB). Outside
   * a transaction the statement runs alone, without one (on SQLite, in the writers' queue), and
   * on SQLite and PostgreSQL the driver runs it directly (see `writeDirectly`).
   */
  run(sql: string, bind: readonly unknown[] = []): Promise<unknown> {
    return this.write(async transaction => {
      if (!transaction && this.direct) {
        return await this.writeDirectly(this.direct, sql, bind, QueryTypes.RAW);
      }
      const [result] = await this.sequelize.query(sql, {
        type: QueryTypes.RAW,
        bind: [...bind],
        transaction,
      });

      return result;
    });
  }

  /** Runs a write returning rows (`INSERT … RETURNING`), queued like {@link run}. */
  runReturning(sql: string, bind: readonly unknown[] = []): Promise<Row[]> {
    return this.write(async transaction =>
      !transaction && this.direct
        ? await this.writeDirectly(this.direct, sql, bind, QueryTypes.SELECT)
        : await this.sequelize.query<Row>(sql, {
            type: QueryTypes.SELECT,
            bind: [...bind],
            transaction,
          }),
    );
  }

  /**
   * Runs `work` in a transaction, committed when it resolves and rolled back when it throws.
   * Every statement of its async context joins it; called inside a transaction, it joins that
   * one.
   */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (!this.pool) throw new DisconnectedDataSourceError();
    if (this.currentTransaction()) return work();
    const begin = () =>
      this.sequelize.transaction(
        this.writers ? { type: Transaction.TYPES.IMMEDIATE } : {},
        async transaction => {
          const ambient: Ambient = { transaction, open: true };
          try {
            return await this.ambient.run(ambient, work);
          } finally {
            // Work left running after the transaction (not awaited) runs on its own from now on.
            ambient.open = false;
          }
        },
      );

    return this.writers ? this.writers.exclusive(begin) : begin();
  }

  /** Closes the pool (nothing to close when disconnected). */
  async close(): Promise<void> {
    await this.pool?.close();
  }

  private currentTransaction(): Transaction | undefined {
    const ambient = this.ambient.getStore();

    return ambient?.open ? ambient.transaction : undefined;
  }

  /**
   * A write outside any transaction, run by the driver directly. When the database refuses it (a
   * constraint, a lock: nothing was changed), Sequelize runs it again, for its retries and the
   * errors the collections map; any other failure (a lost connection, after which the write may
   * or may not have been applied) is thrown as it is, never run twice.
   */
  private async writeDirectly(
    direct: DirectStatement,
    sql: string,
    bind: readonly unknown[],
    type: QueryTypes.RAW | QueryTypes.SELECT,
  ): Promise<Row[]> {
    try {
      return await direct(sql, bind, 'write');
    } catch (error) {
      if (!isDatabaseRefusal(error)) throw error;
    }
    const answer: unknown = await this.sequelize.query(sql, { type, bind: [...bind] });

    return type === QueryTypes.SELECT ? (answer as Row[]) : [];
  }

  /** Runs one write statement: in the current transaction, or alone (queued on SQLite). */
  private write<T>(statement: (transaction?: Transaction) => Promise<T>): Promise<T> {
    const transaction = this.currentTransaction();
    if (transaction || !this.writers) return statement(transaction);

    return this.writers.statement(() => statement());
  }
}

/**
 * Prepares every SQLite connection Sequelize opens (one per transaction, plus the shared one):
 * a busy timeout (node-sqlite3's default of one second fails writes that wait on another
 * process), then the standard server settings: WAL journal mode (readers and the writer no
 * longer block each other, a commit appends to the log instead of rewriting a rollback journal)
 * and `synchronous=NORMAL` (no fsync per commit in WAL mode: a power loss may undo the last
 * commits, never corrupt the file). WAL is recorded in the file; an in-memory database or a file
 * that cannot switch (read-only) keeps its mode.
 */
function configureSqliteConnections(sequelize: Sequelize): void {
  interface SqliteDatabase {
    configure(option: 'busyTimeout', value: number): void;
    exec(sql: string, callback: (error: Error | null) => void): void;
  }
  const manager = sequelize.connectionManager as unknown as {
    getConnection(options?: object): Promise<SqliteDatabase>;
  };
  const configured = new WeakSet<SqliteDatabase>();
  const getConnection = manager.getConnection.bind(manager);
  manager.getConnection = async options => {
    const database = await getConnection(options);
    if (!configured.has(database)) {
      configured.add(database);
      database.configure('busyTimeout', sqliteBusyTimeoutMs);
      // A file that cannot switch (read-only, or locked past the timeout) is served as it is.
      for (const pragma of sqlitePragmas) {
        await new Promise<void>(resolve => {
          database.exec(pragma, () => resolve());
        });
      }
    }

    return database;
  };
}

function sequelizeOptions(
  options: ResolvedConnectionOptions,
  mode: string,
  logger?: Logger,
): Options {
  return {
    dialect: options.dialect,
    host: options.host,
    port: options.port,
    username: options.username,
    password: options.password,
    database: options.database,
    storage: options.storage,
    pool: poolOptions(options.dialect, options.pool),
    timezone: '+00:00',
    dialectOptions: {
      ...tlsOptions(options, mode),
      // Native queries name tables without a schema: resolve them in the configured one.
      ...(options.dialect === 'postgres' && options.schema
        ? { options: `-c search_path="${options.schema.replace(/"/g, '""')}",public` }
        : {}),
      // Never several statements in one query, whatever the user's options: native queries
      // rely on it (mysql2 and mariadb both name the option so).
      ...(options.dialect === 'mysql' || options.dialect === 'mariadb'
        ? { multipleStatements: false }
        : {}),
    },
    logging: logger ? sql => logger('Debug', sql.replace(/^Executing \([^)]*\): /, '')) : false,
  };
}

function scrub(message: string, password?: string): string {
  return password ? message.split(password).join('***') : message;
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
