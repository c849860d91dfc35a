import { AsyncLocalStorage } from 'node:async_hooks';
import type * as SequelizeModule from 'sequelize';
import type { Options, Sequelize } from 'sequelize';
import type { Logger } from '@grove/datasource-toolkit';
import type { ResolvedConnectionOptions, SqlDialectName } from './connection-options';
import { poolOptions } from './pool-options';
import { DatabaseConnectError, driverErrorName, humanizeErrorName } from './database-connect-error';
import { DisconnectedDataSourceError } from './disconnected-data-source-error';
import type { DriverPool, DriverTransaction, StatementIntent } from './driver-pool';
import { explainDriverError } from './missing-driver-error';
import { createPostgresPool } from './postgres-pool';
import { createSequelizePool } from './sequelize-pool';
import { coerceVersion } from './server-version';
import { createSqlitePool, sqliteBusyTimeoutMs, sqlitePragmas } from './sqlite-pool';
import { WriteQueue } from './write-queue';
import { withoutFetchGlobals } from './without-fetch-globals';

type Row = Record<string, unknown>;

/** The transaction of an async context; `open` turns false when it ends. */
interface Ambient {
  readonly transaction: DriverTransaction;
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
 * How a connection reaches its database: its pool (the driver's own on PostgreSQL and SQLite,
 * Sequelize's on MySQL and MariaDB), and the Sequelize of `nativeDriver` (the pool's own on MySQL
 * and MariaDB; created on demand, with a pool of its own, on PostgreSQL and SQLite).
 */
interface Link {
  readonly pool: DriverPool;
  readonly sequelizeOptions: Options;
  sequelize?: Sequelize;
}

/** Loads Sequelize (a peer dependency), for MySQL, MariaDB and `nativeDriver` only. */
function loadSequelize(): typeof SequelizeModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('sequelize') as typeof SequelizeModule;
}

/**
 * A live connection pool with the facts queries depend on: the dialect, the schema, and whether
 * a MySQL-protocol server is MariaDB. Every statement goes through `select`, `run` or
 * `runReturning`, with bound parameters written `$1, $2…` (and `$$` for a literal `$`, which
 * quoted identifiers use), and is logged at Debug level.
 *
 * Every dialect runs on one `DriverPool`: PostgreSQL and SQLite on their driver's own connections
 * (`pg.Pool`, and SQLite's shared connection plus one per transaction), MySQL and MariaDB on
 * Sequelize's pool (`createSequelizePool`).
 * Sequelize is loaded only for those, and for `nativeDriver`: on PostgreSQL and SQLite the
 * Sequelize instance handed to collections is created (with a pool of its own) the first time it
 * is read.
 *
 * Transactions are ambient: while the work of `transaction` runs, every statement of its async
 * context (and a nested `transaction`) uses its connection.
 *
 * SQLite has a single writer per file, and each transaction has a connection of its own:
 * concurrent DEFERRED transactions would fight for the lock and busy-wait. So on SQLite, writes
 * are queued in-process (single statements share one connection; a transaction runs alone),
 * transactions are IMMEDIATE (they take the write lock at BEGIN, never upgrade it), and every
 * connection waits up to ten seconds for a lock held by another process. Files are switched to
 * WAL with `synchronous=NORMAL` (see the README). Reads outside a transaction are not queued.
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

  readonly dialect: SqlDialectName;
  readonly schema: string | undefined;
  readonly debugUri: string;
  readonly isMariaDbServer: boolean;

  private constructor(
    /** The pool; null for a disconnected connection (see {@link SqlConnection.disconnected}). */
    private readonly link: Link | null,
    facts: ConnectionFacts,
  ) {
    const { dialect } = facts;
    this.dialect = dialect;
    this.schema = facts.schema;
    this.debugUri = facts.debugUri;
    this.isMariaDbServer = facts.isMariaDbServer;
    this.writers = dialect === 'sqlite' ? new WriteQueue() : null;
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

  /**
   * The Sequelize instance (created on first use on PostgreSQL and SQLite); a disconnected
   * connection throws instead of running anything.
   */
  get sequelize(): Sequelize {
    const link = this.link;
    if (!link) throw new DisconnectedDataSourceError();
    link.sequelize ??= createSequelize(link.sequelizeOptions, this.dialect);

    return link.sequelize;
  }

  /** The connection's pool (null when disconnected). */
  get driverPool(): DriverPool | null {
    return this.link?.pool ?? null;
  }

  /**
   * The driver handed to collections as `nativeDriver`: the Sequelize instance (created the first
   * time it is read on PostgreSQL and SQLite), null when disconnected.
   */
  get nativeDriver(): Sequelize | null {
    return this.link ? this.sequelize : null;
  }

  /** Connects and tests the connection, or throws a {@link DatabaseConnectError}. */
  static async open(options: ResolvedConnectionOptions, logger?: Logger): Promise<SqlConnection> {
    const modes = options.sslMode === 'preferred' ? ['required', 'disabled'] : [options.sslMode];
    let lastError: unknown;
    for (const mode of modes) {
      let link: Link;
      try {
        link = openLink(options, mode, logger);
      } catch (error) {
        throw explainDriverError(options.dialect, error);
      }
      try {
        // The first statement tests the connection; MariaDB names itself in its version.
        const version = await withTimeout(link.pool.version(), options.connectionTimeoutInMs);
        // For the Sequelize of `nativeDriver`, which words some of its SQL after the version.
        if (!link.sequelize) {
          Object.assign(link.sequelizeOptions, { databaseVersion: coerceVersion(version) ?? 0 });
        }
        const schema =
          options.dialect === 'postgres' ? (options.schema ?? 'public') : options.database;

        return new SqlConnection(link, {
          dialect: options.dialect,
          schema,
          debugUri: options.debugUri,
          isMariaDbServer:
            (options.dialect === 'mysql' || options.dialect === 'mariadb') &&
            /mariadb/i.test(version),
        });
      } catch (error) {
        lastError = error;
        await link.pool.close().catch(() => undefined);
      }
    }
    const error = lastError as Error;
    const details =
      error?.message === 'timeout'
        ? 'Connection to database timed out'
        : `${humanizeErrorName(driverErrorName(error))}: ${scrub(error?.message ?? '', options.password)}`;
    throw new DatabaseConnectError(options.debugUri, details, lastError);
  }

  /** Runs a query returning rows (in the current transaction, if any). */
  select(sql: string, bind: readonly unknown[] = []): Promise<Row[]> {
    const transaction = this.currentTransaction();

    return transaction
      ? transaction.query(sql, bind, 'read')
      : this.pool().query(sql, bind, 'read');
  }

  /**
   * Runs a write; returns what the driver reports first (the insert result, with its id, on
   * MySQL/MariaDB). Outside a transaction the statement runs alone, without one (on SQLite, in
   * the writers' queue).
   */
  async run(sql: string, bind: readonly unknown[] = []): Promise<unknown> {
    const [first] = await this.write(sql, bind, 'write');

    return first;
  }

  /** Runs a write returning rows (`INSERT … RETURNING`), queued like {@link run}. */
  runReturning(sql: string, bind: readonly unknown[] = []): Promise<Row[]> {
    return this.write(sql, bind, 'returning');
  }

  /**
   * Runs `work` in a transaction, committed when it resolves and rolled back when it throws.
   * Every statement of its async context joins it; called inside a transaction, it joins that
   * one.
   */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (!this.link) throw new DisconnectedDataSourceError();
    if (this.currentTransaction()) return work();
    const within = async (transaction: DriverTransaction) => {
      const ambient: Ambient = { transaction, open: true };
      try {
        return await this.ambient.run(ambient, work);
      } finally {
        // Work left running after the transaction (not awaited) runs on its own from now on.
        ambient.open = false;
      }
    };
    const { pool } = this.link;
    const begin = () => pool.transaction(this.writers !== null, within);

    return this.writers ? this.writers.exclusive(begin) : begin();
  }

  /** Closes the pool, and `nativeDriver`'s if it was created (nothing when disconnected). */
  async close(): Promise<void> {
    const link = this.link;
    if (!link) return;
    const ownSequelize = link.sequelize && link.sequelize !== poolSequelize(link.pool);
    await Promise.all([link.pool.close(), ownSequelize ? link.sequelize?.close() : undefined]);
  }

  private pool(): DriverPool {
    if (!this.link) throw new DisconnectedDataSourceError();

    return this.link.pool;
  }

  private currentTransaction(): DriverTransaction | undefined {
    const ambient = this.ambient.getStore();

    return ambient?.open ? ambient.transaction : undefined;
  }

  /** Runs one write statement: in the current transaction, or alone (queued on SQLite). */
  private write(sql: string, bind: readonly unknown[], intent: StatementIntent): Promise<Row[]> {
    const transaction = this.currentTransaction();
    if (transaction) return transaction.query(sql, bind, intent);
    const pool = this.pool();
    if (!this.writers) return pool.query(sql, bind, intent);

    return this.writers.statement(() => pool.query(sql, bind, intent));
  }
}

/** The Sequelize a pool runs on (MySQL, MariaDB), if it runs on one. */
function poolSequelize(pool: DriverPool): Sequelize | undefined {
  return (pool as { sequelize?: Sequelize }).sequelize;
}

/** The pool of a dialect: the driver's own for PostgreSQL and SQLite, Sequelize's for the rest. */
function openLink(options: ResolvedConnectionOptions, mode: string, logger?: Logger): Link {
  const sequelizeOptionsOfMode = sequelizeOptions(options, mode, logger);
  if (options.dialect === 'postgres') {
    return {
      pool: createPostgresPool(options, tlsOptions(options, mode), logger),
      sequelizeOptions: sequelizeOptionsOfMode,
    };
  }
  if (options.dialect === 'sqlite') {
    return { pool: createSqlitePool(options, logger), sequelizeOptions: sequelizeOptionsOfMode };
  }
  const pool = createSequelizePool(
    createSequelize(sequelizeOptionsOfMode, options.dialect),
    logger,
  );

  return { pool, sequelizeOptions: sequelizeOptionsOfMode, sequelize: pool.sequelize };
}

/** A Sequelize instance (pg loaded without undici: see withoutFetchGlobals). */
function createSequelize(options: Options, dialect: SqlDialectName): Sequelize {
  const sequelize = withoutFetchGlobals(() => new (loadSequelize().Sequelize)(options));
  if (dialect === 'sqlite') configureSqliteConnections(sequelize);

  return sequelize;
}

/**
 * Prepares every SQLite connection the Sequelize of `nativeDriver` opens, as `createSqlitePool` does:
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
