import type { Database } from 'sqlite3';
import { checkSqliteStatement } from './check-sqlite-statement';
import type { SqlitePool } from '../connection/sqlite-pool';
import type { NativeQueryContext, NativeQueryRunner } from './native-query-context';

type Row = Record<string, unknown>;

// In-memory databases have one connection: native queries on it take turns.
const memoryTurns = new WeakMap<Database, Promise<unknown>>();

/**
 * Runs a native query on SQLite, read-only by construction. On a file, each query opens its own
 * connection to the file, `OPEN_READONLY`, with `PRAGMA query_only`, `ATTACH` disabled and a
 * busy timeout, closed afterwards. An in-memory database cannot be opened twice: the query runs
 * on its single connection with `query_only` switched on just around it (concurrent writes of
 * the data source are refused meanwhile, never the reverse). Either way the statement is checked
 * to be one `SELECT`/`WITH`/`VALUES` (sqlite3 would silently ignore a second one) and is
 * interrupted after the timeout.
 *
 * @example
 * ```ts
 * const rows = await runSqliteNativeQuery({ connection, sql: 'SELECT 1 AS one', bind: [], timeoutMs: 10_000, isMariaDbServer: false });
 * ```
 */
export const runSqliteNativeQuery: NativeQueryRunner = async context => {
  const { sql } = context;
  checkSqliteStatement(sql);
  const pool = context.connection.driverPool as SqlitePool;
  const { storage, lib } = pool;
  if (storage === '' || storage === ':memory:') {
    const shared = await pool.shared();
    const previous = memoryTurns.get(shared) ?? Promise.resolve();
    const turn = previous.then(
      () => readOnMemory(shared, pool, context),
      () => readOnMemory(shared, pool, context),
    );
    memoryTurns.set(
      shared,
      turn.catch(() => undefined),
    );

    return turn;
  }

  const database = await new Promise<Database>((resolve, reject) => {
    const opened: Database = new lib.Database(storage, lib.OPEN_READONLY, error =>
      error ? reject(error) : resolve(opened),
    );
  });
  try {
    database.configure('busyTimeout', context.timeoutMs);
    database.configure('limit', lib.LIMIT_ATTACHED, 0);
    if (pool.password) await exec(database, `PRAGMA KEY='${pool.password.replace(/'/g, "''")}'`);
    await exec(database, 'PRAGMA query_only = ON');
    pool.log(sql);

    return await all(database, context);
  } finally {
    await new Promise<void>(resolve => database.close(() => resolve()));
  }
};

async function readOnMemory(
  database: Database,
  pool: SqlitePool,
  context: NativeQueryContext,
): Promise<Row[]> {
  // Switched on (and awaited) before the statement is queued: it never runs without it.
  await exec(database, 'PRAGMA query_only = ON');
  let rows: Promise<Row[]> = Promise.resolve([]);
  let off: Promise<void> = Promise.resolve();
  // `serialize` keeps the statement and the switch-off in this order on the connection.
  database.serialize(() => {
    pool.log(context.sql);
    rows = all(database, context);
    off = exec(database, 'PRAGMA query_only = OFF');
  });
  const [read] = await Promise.allSettled([rows]);
  await off;
  if (read.status === 'rejected') throw read.reason;

  return read.value;
}

function exec(database: Database, sql: string): Promise<void> {
  return new Promise((resolve, reject) =>
    database.run(sql, (error: Error | null) => (error ? reject(error) : resolve())),
  );
}

function all(database: Database, context: NativeQueryContext): Promise<Row[]> {
  const params = Object.fromEntries(context.bind.map((value, i) => [`$${i + 1}`, value]));
  const timer = setTimeout(() => database.interrupt(), context.timeoutMs);

  return new Promise<Row[]>((resolve, reject) =>
    database.all(context.sql, params, (error: Error | null, rows: Row[]) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(rows);
    }),
  );
}
