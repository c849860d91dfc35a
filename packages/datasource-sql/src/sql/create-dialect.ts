import type { SqlConnection } from '../connection/sql-connection';
import { MysqlDialect } from './mysql-dialect';
import { PostgresDialect } from './postgres-dialect';
import type { SqlDialect } from './sql-dialect';
import { SqliteDialect } from './sqlite-dialect';

/**
 * The dialect of a connection.
 *
 * @example
 * ```ts
 * const dialect = createDialect(connection);
 * ```
 */
export function createDialect(
  connection: Pick<SqlConnection, 'dialect' | 'isMariaDbServer'>,
): SqlDialect {
  switch (connection.dialect) {
    case 'postgres':
      return new PostgresDialect();
    case 'sqlite':
      return new SqliteDialect();
    case 'mysql':
    case 'mariadb':
      return new MysqlDialect(connection.dialect, connection.isMariaDbServer);
  }
}
