import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from 'sqlite3';
import type * as Sqlite3 from 'sqlite3';
import type { Logger } from '@grove/datasource-toolkit';
import type { ResolvedConnectionOptions } from './connection-options';
import type { DriverPool, DriverTransaction } from './driver-pool';
import { formatBinds } from './format-binds';
import { loadDriver } from './load-driver';

type Row = Record<string, unknown>;

/**
 * How long a SQLite statement waits for a lock held by another process (or, for a read, by this
 * process's writer) before failing with SQLITE_BUSY.
 */
export const sqliteBusyTimeoutMs = 10_000;

/** The settings of every SQLite connection after its busy timeout (see `createSqlitePool`). */
export const sqlitePragmas = ['PRAGMA journal_mode = WAL', 'PRAGMA synchronous = NORMAL'];

/** A SQLite {@link DriverPool}, with what native queries need to open a read-only connection. */
export interface SqlitePool extends DriverPool {
  /** The `sqlite3` module. */
  readonly lib: typeof Sqlite3;
  /** The file (`:memory:` for an in-memory database). */
  readonly storage: string;
  /** The SQLCipher key, if any. */
  readonly password: string | undefined;
  /** The connection statements outside transactions share (an in-memory database's only one). */
  shared(): Promise<Database>;
}

function exec(database: Database, sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    database.exec(sql, error => (error ? reject(error) : resolve()));
  });
}

/** A SQL string literal (for `PRAGMA KEY`, which takes no bound value). */
function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * SQLite's connections, as Sequelize kept them: one shared connection for the statements outside
 * transactions (the driver runs them one after the other), and a connection of its own for each
 * transaction, closed at its end; an in-memory database has its single connection only (a
 * second one would be another database). Every connection is configured when it opens: its
 * SQLCipher key (`password`), foreign keys enforced, a busy timeout (node-sqlite3's default of one
 * second fails writes that wait on another process), then the standard server settings: WAL
 * journal mode (readers and the writer no longer block each other, a commit appends to the log
 * instead of rewriting a rollback journal) and `synchronous=NORMAL` (no fsync per commit in WAL
 * mode: a power loss may undo the last commits, never corrupt the file). WAL is recorded in the
 * file; an in-memory database or a file that cannot switch (read-only) keeps its mode. The
 * folder of a new file is created. Statements are logged at Debug level.
 *
 * @example
 * ```ts
 * const pool = createSqlitePool({ dialect: 'sqlite', storage: './shop.sqlite', … }, logger);
 * ```
 */
export function createSqlitePool(options: ResolvedConnectionOptions, logger?: Logger): SqlitePool {
  const lib = loadDriver<typeof Sqlite3>('sqlite');
  const storage = options.storage || ':memory:';
  const inMemory = storage === ':memory:';
  const mode =
    (options.dialectOptions?.mode as number | undefined) ?? lib.OPEN_READWRITE | lib.OPEN_CREATE;
  const log = (sql: string) => logger?.('Debug', sql);

  const open = async (): Promise<Database> => {
    if (!inMemory && (mode & lib.OPEN_CREATE) !== 0)
      mkdirSync(dirname(storage), { recursive: true });
    const database = await new Promise<Database>((resolve, reject) => {
      const opened: Database = new lib.Database(storage, mode, error =>
        error ? reject(error) : resolve(opened),
      );
    });
    if (options.password) await exec(database, `PRAGMA KEY=${literal(options.password)}`);
    await exec(database, 'PRAGMA FOREIGN_KEYS=ON');
    database.configure('busyTimeout', sqliteBusyTimeoutMs);
    // A file that cannot switch (read-only, or locked past the timeout) is served as it is.
    for (const pragma of sqlitePragmas) await exec(database, pragma).catch(() => undefined);

    return database;
  };
  let shared: Promise<Database> | undefined;
  let closed = false;
  const sharedConnection = (): Promise<Database> => {
    if (closed) return Promise.reject(new Error('SQLITE_MISUSE: the connection is closed'));
    shared ??= open().catch((error: unknown) => {
      shared = undefined;
      throw error;
    });

    return shared;
  };
  const run = (database: Database, sql: string, bind: readonly unknown[]): Promise<Row[]> => {
    const { text, values } = formatBinds('sqlite', sql, bind);
    log(text);

    return new Promise((resolve, reject) => {
      database.serialize(() => {
        // `all` runs any statement: the rows of a SELECT or a RETURNING, none for other writes.
        database.all(text, values, (error: Error | null, rows: Row[]) =>
          error ? reject(error) : resolve(rows),
        );
      });
    });
  };
  const close = (database: Database) =>
    new Promise<void>(resolve => database.close(() => resolve()));

  return {
    lib,
    storage,
    password: options.password,
    shared: sharedConnection,
    log,

    async query(sql, bind) {
      return run(await sharedConnection(), sql, bind);
    },

    async transaction(immediate, work) {
      const database = inMemory || closed ? await sharedConnection() : await open();
      const transaction: DriverTransaction = { query: (sql, bind) => run(database, sql, bind) };
      try {
        await run(database, immediate ? 'BEGIN IMMEDIATE TRANSACTION' : 'BEGIN TRANSACTION', []);
        try {
          const result = await work(transaction);
          await run(database, 'COMMIT', []);

          return result;
        } catch (error) {
          // After a failed COMMIT too: the transaction may still be open.
          await run(database, 'ROLLBACK', []).catch(() => undefined);
          throw error;
        }
      } finally {
        if (!inMemory) await close(database);
      }
    },

    async version() {
      const [row] = await this.query('SELECT sqlite_version() AS version', [], 'read');

      return String(row?.version ?? '');
    },

    async close() {
      const opened = shared;
      closed = true;
      shared = undefined;
      const database = await opened?.catch(() => undefined);
      if (database) await close(database);
    },
  };
}
