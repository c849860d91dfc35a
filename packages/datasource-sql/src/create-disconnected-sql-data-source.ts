import type { DataSourceFactory, Logger } from '@grove/datasource-toolkit';
import type { SqlDialectName } from './connection/connection-options';
import { SqlConnection } from './connection/sql-connection';
import { upgradeIntrospection } from './introspection/upgrade-introspection';
import { SqlDataSource } from './sql-data-source';

/**
 * The data source of a saved introspection, without any database: its collections, fields and
 * relations are those `createSqlDataSource` would serve, but every query fails with a
 * `DisconnectedDataSourceError`. For tools that only need the schema (typings generation).
 * The introspection is checked right away: a newer format than this package understands throws
 * an `IntrospectionFormatError`.
 *
 * @param introspection - A saved {@link introspect} result (any accepted version).
 * @param dialect - The dialect queries would be written in (default `postgres`); nothing runs.
 * @example
 * ```ts
 * const introspection = JSON.parse(await readFile('introspection.json', 'utf8'));
 * customizer.addDataSource(createDisconnectedSqlDataSource(introspection));
 * ```
 */
export function createDisconnectedSqlDataSource(
  introspection: unknown,
  dialect: SqlDialectName = 'postgres',
): DataSourceFactory {
  const upgraded = upgradeIntrospection(introspection);

  return async (logger: Logger) =>
    new SqlDataSource(SqlConnection.disconnected(dialect), upgraded, logger);
}
