import { UnprocessableError, isGroveError } from '@grove/datasource-toolkit';
import type { SqlDialectName } from '../connection/connection-options';
import type { NativeQueryContext, NativeQueryRunner } from './native-query-context';
import { runMysqlNativeQuery } from './run-mysql-native-query';
import { runPostgresNativeQuery } from './run-postgres-native-query';
import { runSqliteNativeQuery } from './run-sqlite-native-query';

const runners: Record<SqlDialectName, NativeQueryRunner> = {
  postgres: runPostgresNativeQuery,
  mysql: runMysqlNativeQuery,
  mariadb: runMysqlNativeQuery,
  sqlite: runSqliteNativeQuery,
};

/**
 * Runs a native query read-only, whatever it says: the database refuses any write (read-only
 * transaction or connection), the statement is a single one, and it is stopped after
 * `timeoutMs`. A timeout becomes an `UnprocessableError` naming the limit; the database's
 * other refusals become `UnprocessableError`s with the driver's message (kept as `cause`).
 *
 * @param dialect - The connection's dialect.
 * @param context - The pool, the statement (`$n` placeholders) and its values, the timeout.
 * @example
 * ```ts
 * const rows = await runNativeQuery('postgres', { connection, sql: 'SELECT 1 AS one', bind: [], timeoutMs: 10_000, isMariaDbServer: false });
 * ```
 */
export async function runNativeQuery(
  dialect: SqlDialectName,
  context: NativeQueryContext,
): Promise<Record<string, unknown>[]> {
  try {
    return await runners[dialect](context);
  } catch (error) {
    if (isTimeout(error)) {
      throw new UnprocessableError(
        `The native query was stopped after ${context.timeoutMs} ms (nativeQueryTimeoutMs)`,
        { cause: error },
      );
    }
    if (isGroveError(error)) throw error;
    // The database's refusal (a write in a read-only transaction, a syntax error…), as is.
    const message = (error as { message?: unknown } | undefined)?.message;
    throw new UnprocessableError(typeof message === 'string' ? message : String(error), {
      cause: error,
    });
  }
}

// PostgreSQL query_canceled, MariaDB ER_STATEMENT_TIMEOUT, MySQL ER_QUERY_TIMEOUT, SQLite
// interrupted (only the timer interrupts native queries).
function isTimeout(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 3; depth += 1) {
    const { code, errno } = cause as { code?: unknown; errno?: unknown };
    if (code === '57014' || code === 'SQLITE_INTERRUPT' || errno === 1969 || errno === 3024) {
      return true;
    }
    cause = (cause as { original?: unknown; parent?: unknown; cause?: unknown }).original;
  }

  return false;
}
