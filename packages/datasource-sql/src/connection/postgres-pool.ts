import type * as Pg from 'pg';
import type { Logger } from '@grove/datasource-toolkit';
import type { ResolvedConnectionOptions } from './connection-options';
import {
  LOST_READ_ATTEMPTS,
  isDatabaseRefusal,
  isLostPostgresConnection,
  type DriverPool,
  type DriverTransaction,
} from './driver-pool';
import { formatBinds } from './format-binds';
import { loadDriver } from './load-driver';
import {
  postgresTypeCatalogueQuery,
  postgresTypeParsers,
  type PgTypes,
} from './postgres-type-parsers';
import { withoutFetchGlobals } from './without-fetch-globals';

type Row = Record<string, unknown>;

/** The `dialectOptions` passed on to `pg`'s client (the others are Sequelize's or MySQL's). */
const clientOptionKeys = [
  'application_name',
  'ssl',
  'client_encoding',
  'binary',
  'keepAlive',
  'statement_timeout',
  'query_timeout',
  'connectionTimeoutMillis',
  'idle_in_transaction_session_timeout',
  'lock_timeout',
  'options',
  'stream',
] as const;

/**
 * The session every connection starts with, as server options (no statement, no round trip):
 * UTC (dates are written and grouped in UTC; the caller's zone is applied in the SQL), warnings
 * and errors only, standard strings; the configured schema first on the search path (native
 * queries name tables without a schema).
 */
function sessionOptions(options: ResolvedConnectionOptions, userOptions: unknown): string {
  const parts = typeof userOptions === 'string' && userOptions ? [userOptions] : [];
  if (options.schema) parts.push(`-c search_path="${options.schema.replace(/"/g, '""')}",public`);
  parts.push('-c TimeZone=UTC', '-c client_min_messages=warning');
  parts.push('-c standard_conforming_strings=on');

  return parts.join(' ');
}

/** A pooled client and the pool's way to give it back (destroyed when `destroy` is true). */
interface PoolClient extends Pg.ClientBase {
  release(destroy?: boolean | Error): void;
}

/**
 * Runs a statement through `pg`'s callback form, and answers its rows. Not `await
 * client.query(text, values)`: measured on an export of 100,000 rows in pages of 1,000, the rows
 * of that form outlived two scavenges and were promoted, ~2.5 MB per scavenge (45 MB of old space
 * for the export, the agent's RSS idle + 57 MB); with the callback ~0.12 MB, as a `pg.Pool`'s own
 * `query` (which uses it too). The error gets the caller's stack, as `pg`'s promise gives it.
 */
function queryRows(client: Pg.ClientBase, text: string, values: unknown[]): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    client.query<Row>(text, values, (error, result) => {
      if (error) {
        Error.captureStackTrace(error);
        reject(error);
      } else {
        resolve(result.rows ?? []);
      }
    });
  });
}

/** A PostgreSQL {@link DriverPool}, with a dedicated client for native queries. */
export interface PostgresPool extends DriverPool {
  /** Runs `work` on a client of its own, destroyed afterwards (nothing of its session survives). */
  withDedicatedClient<T>(work: (client: Pg.ClientBase) => Promise<T>): Promise<T>;
}

/**
 * Opens a pool of `pg` clients (`pg.Pool`: `max`, `min`, `idle`, `acquire` of the pool options)
 * with the session of {@link sessionOptions}, the TLS settings of `mode`, and the type parsers of
 * {@link postgresTypeParsers}; its first connection reads the server's version and the array
 * types of enums. Statements are logged at Debug level. A client whose statement failed for any
 * other reason than the server's refusal (see `isDatabaseRefusal`) is destroyed, not reused.
 *
 * @example
 * ```ts
 * const pool = createPostgresPool(options, { ssl: false }, logger);
 * ```
 */
export function createPostgresPool(
  options: ResolvedConnectionOptions,
  tls: Record<string, unknown>,
  logger?: Logger,
): PostgresPool {
  // pg without undici (see withoutFetchGlobals).
  const pg = withoutFetchGlobals(() => loadDriver<typeof Pg>('postgres'));
  const textArrayOids = new Set<number>();
  const client: Record<string, unknown> = {};
  for (const key of clientOptionKeys) if (key in tls) client[key] = tls[key];
  const pool = new pg.Pool({
    ...client,
    host: options.host,
    port: options.port ?? 5432,
    user: options.username,
    password: options.password,
    database: options.database,
    options: sessionOptions(options, tls.options),
    // pg-types exports `arrayParser` as `{ create }` (its typings say a function).
    types: postgresTypeParsers(pg.types as unknown as PgTypes, { textArrayOids }),
    max: options.pool?.max,
    min: options.pool?.min,
    idleTimeoutMillis: options.pool?.idle ?? 10_000,
    connectionTimeoutMillis: options.pool?.acquire ?? 60_000,
  });
  // A client that fails while idle (the server closed it) leaves the pool; nothing to answer.
  pool.on('error', () => undefined);
  // pg-pool listens to a client's 'error' only while it is idle: a connection cut while the client
  // is checked out (pg_terminate_backend in a transaction, a failover) would emit an unhandled
  // 'error' and end the process. Its statement rejects on its own; the client, no longer
  // queryable, is destroyed at release (docs/decisions.md#d27-lost-database-connections).
  pool.on('connect', connected => connected.on('error', () => undefined));
  let catalogue: Promise<void> | undefined;
  const log = (sql: string) => logger?.('Debug', sql);

  const acquire = async (): Promise<PoolClient> => {
    const connected = (await pool.connect()) as PoolClient;
    catalogue ??= connected
      .query<{ typarray: number }>(postgresTypeCatalogueQuery)
      .then(({ rows }) => rows.forEach(row => textArrayOids.add(Number(row.typarray))));
    try {
      await catalogue;
    } catch (error) {
      catalogue = undefined;
      connected.release(true);
      throw error;
    }

    return connected;
  };
  const run = (connected: Pg.ClientBase, sql: string, bind: readonly unknown[]) => {
    const { text, values } = formatBinds('postgres', sql, bind);
    log(text);

    // Without values, `pg` sends the simple protocol (as Sequelize did).
    return queryRows(connected, text, values as unknown[]);
  };
  const settle = (connected: PoolClient, error?: unknown) =>
    connected.release(error !== undefined && !isDatabaseRefusal(error));

  return {
    async query(sql, bind, intent) {
      for (let attempt = 1; ; attempt += 1) {
        const connected = await acquire();
        try {
          const rows = await run(connected, sql, bind);
          settle(connected);

          return rows;
        } catch (error) {
          settle(connected, error);
          // A read outside a transaction changes nothing: one whose connection was lost runs
          // again on another (docs/decisions.md#d27-lost-database-connections), so the re-read
          // after a committed write does not answer 500 for a write that was applied.
          if (
            intent !== 'read' ||
            !isLostPostgresConnection(error) ||
            attempt === LOST_READ_ATTEMPTS
          ) {
            throw error;
          }
        }
      }
    },

    async transaction(_immediate, work) {
      const connected = await acquire();
      const transaction: DriverTransaction = { query: (sql, bind) => run(connected, sql, bind) };
      try {
        await run(connected, 'START TRANSACTION', []);
      } catch (error) {
        settle(connected, error);
        throw error;
      }
      try {
        const result = await work(transaction);
        await run(connected, 'COMMIT', []);
        settle(connected);

        return result;
      } catch (error) {
        try {
          await run(connected, 'ROLLBACK', []);
          settle(connected);
        } catch (rollbackError) {
          settle(connected, rollbackError);
        }
        throw error;
      }
    },

    async version() {
      const [row] = await this.query('SHOW server_version', [], 'read');

      return String(row?.server_version ?? '');
    },

    async withDedicatedClient(work) {
      const connected = await acquire();
      try {
        return await work(connected);
      } finally {
        // Destroyed, and waited for: its session (an advisory lock…) has ended on return.
        const ended = new Promise(resolve => connected.once('end', resolve));
        connected.release(true);
        await ended;
      }
    },

    close: () => pool.end(),
    log,
  };
}
