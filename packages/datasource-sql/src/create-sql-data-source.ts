import type { DataSourceFactory, Logger } from '@grove/datasource-toolkit';
import type { ConnectionOptions } from './connection/connection-options';
import { resolveConnectionOptions } from './connection/resolve-connection-options';
import { SqlConnection } from './connection/sql-connection';
import type { Introspection } from './introspection/introspection';
import { readIntrospection } from './introspection/read-introspection';
import { upgradeIntrospection } from './introspection/upgrade-introspection';
import { SqlDataSource, type SqlDataSourceOptions } from './sql-data-source';

/** Options of {@link createSqlDataSource}. */
export interface CreateSqlDataSourceOptions extends SqlDataSourceOptions {
  /** A saved introspection (from {@link introspect}): the catalogue is then not read at start. */
  readonly introspection?: Introspection | unknown;
}

/**
 * The data source of a SQL database (PostgreSQL, MySQL, MariaDB, SQLite): every table and view
 * becomes a collection, foreign keys become relations, and every query runs in the database.
 * The connection is tested at start; an unreachable database fails with a
 * `DatabaseConnectError` naming host and port (never the password).
 *
 * @param uriOrOptions - A URI (`postgres://user:pass@host:5432/db?schema=app`) or options.
 * @param options - A saved introspection, native query connection name.
 * @example
 * ```ts
 * agent.addDataSource(createSqlDataSource('postgres://app:secret@localhost:5432/shop'));
 * agent.addDataSource(createSqlDataSource({ dialect: 'sqlite', storage: './demo.db' }));
 * ```
 */
export function createSqlDataSource(
  uriOrOptions?: ConnectionOptions,
  options: CreateSqlDataSourceOptions = {},
): DataSourceFactory {
  return async (logger: Logger) => {
    const connection = await SqlConnection.open(resolveConnectionOptions(uriOrOptions), logger);
    try {
      const introspection = options.introspection
        ? upgradeIntrospection(options.introspection)
        : await readIntrospection(connection, logger);

      return new SqlDataSource(connection, introspection, logger, options);
    } catch (error) {
      await connection.close();
      throw error;
    }
  };
}

/**
 * Reads the schema of a database and closes the connection. The result is plain JSON: save it
 * and pass it back as `createSqlDataSource(uri, { introspection })` to start without reading
 * the catalogue.
 *
 * @example
 * ```ts
 * const introspection = await introspect('mysql://root@localhost:3306/shop');
 * ```
 */
export async function introspect(
  uriOrOptions?: ConnectionOptions,
  logger: Logger = () => undefined,
): Promise<Introspection> {
  const connection = await SqlConnection.open(resolveConnectionOptions(uriOrOptions));
  try {
    return await readIntrospection(connection, logger);
  } finally {
    await connection.close();
  }
}
