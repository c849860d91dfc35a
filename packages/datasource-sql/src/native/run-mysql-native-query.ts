import type { QueryTypes, Transaction } from 'sequelize';
import type { NativeQueryRunner } from './native-query-context';

/**
 * Runs a native query on MySQL or MariaDB, read-only by construction: on a connection of its
 * own (destroyed afterwards, so that no session variable or lock survives), with a session
 * statement timeout (`max_statement_time` on MariaDB, `max_execution_time` on MySQL), with the
 * session's transactions read-only (so that a statement that commits implicitly, like DDL, is
 * refused too) inside `START TRANSACTION READ ONLY`, rolled back after reading. `SELECT … INTO
 * OUTFILE` is not a database write: it depends on the account's `FILE` privilege. The driver connection never allows
 * multiple statements (`multipleStatements` is forced off by `SqlConnection`).
 *
 * @example
 * ```ts
 * const rows = await runMysqlNativeQuery({ connection, sql: 'SELECT 1 AS one', bind: [], timeoutMs: 10_000, isMariaDbServer: true });
 * ```
 */
export const runMysqlNativeQuery: NativeQueryRunner = async context => {
  const { connection: pool, sql, bind, timeoutMs, isMariaDbServer } = context;
  const { sequelize } = pool;
  const manager = sequelize.connectionManager;
  const connection = await manager.getConnection({ type: 'read' });
  // Sequelize runs a query given a transaction on that transaction's connection.
  const transaction = { connection } as unknown as Transaction;
  try {
    const ms = Math.max(1, Math.floor(timeoutMs));
    await sequelize.query(
      isMariaDbServer
        ? `SET SESSION max_statement_time = ${ms / 1000}`
        : `SET SESSION max_execution_time = ${ms}`,
      { transaction, logging: false },
    );
    // The session default too: a statement that commits implicitly (DDL, `LOCK TABLES`…)
    // would otherwise run in a new, writable transaction.
    await sequelize.query('SET SESSION TRANSACTION READ ONLY', { transaction, logging: false });
    await sequelize.query('START TRANSACTION READ ONLY', { transaction, logging: false });
    // Always formatted (`$$` stands for `$`, see `NativeQueryContext.sql`), values or not.
    const rows = await sequelize.query<Record<string, unknown>>(sql, {
      type: 'SELECT' as QueryTypes.SELECT,
      bind: [...bind],
      transaction,
    });
    await sequelize.query('ROLLBACK', { transaction, logging: false });

    return rows;
  } finally {
    await manager.destroyConnection(connection);
  }
};
