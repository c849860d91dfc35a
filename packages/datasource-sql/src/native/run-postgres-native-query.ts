import type { PostgresPool } from '../connection/postgres-pool';
import type { NativeQueryRunner } from './native-query-context';

interface PgClient {
  query(text: string): Promise<unknown>;
  query(config: {
    text: string;
    values: unknown[];
    queryMode: 'extended';
  }): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Runs a native query on PostgreSQL, read-only by construction: on a connection of its own
 * (destroyed afterwards, so that nothing session-level such as an advisory lock survives), in
 * a `READ ONLY` transaction with a `SET LOCAL statement_timeout`, rolled back after reading.
 * The statement is sent with the extended protocol, which refuses several statements, and
 * wrapped as `SELECT * FROM (…)`, so that only a query (no `COPY`, `CALL`, `DO`, `SET`…) parses.
 *
 * @example
 * ```ts
 * const rows = await runPostgresNativeQuery({ connection, sql: 'SELECT 1 AS one', bind: [], timeoutMs: 10_000, isMariaDbServer: false });
 * ```
 */
export const runPostgresNativeQuery: NativeQueryRunner = async context => {
  const { connection, sql, bind, timeoutMs } = context;
  const pool = connection.driverPool as PostgresPool;

  return pool.withDedicatedClient(async connected => {
    const client = connected as unknown as PgClient;
    await client.query('BEGIN TRANSACTION READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
    // A newline before `)` so that a trailing `--` comment cannot swallow it.
    const text = `SELECT * FROM (\n${withoutTrailingSemicolons(sql)}\n) AS grove_native_query`;
    pool.log(text);
    const result = await client.query({ text, values: [...bind], queryMode: 'extended' });
    await client.query('ROLLBACK');

    return result.rows;
  });
};

// Trailing whitespace and `;` (a loop from the end: a regex would rescan on each position).
function withoutTrailingSemicolons(sql: string): string {
  let end = sql.length;
  while (end > 0 && /[\s;]/.test(sql[end - 1] as string)) end -= 1;

  return sql.slice(0, end);
}
