import type { Logger } from '@grove/datasource-toolkit';
import { createSqlDataSource, type SqlDataSource } from '../../src';
import type { ConnectionOptions, CreateSqlDataSourceOptions } from '../../src';

/**
 * Runs `createSqlDataSource`'s factory as the agent would (a logger, a restart that does
 * nothing) and returns the data source, typed.
 *
 * @example
 * ```ts
 * const dataSource = await openSqlDataSource({ ...scratch.options, dialect: 'postgres' });
 * ```
 */
export async function openSqlDataSource(
  connection: ConnectionOptions,
  options: CreateSqlDataSourceOptions = {},
  logger: Logger = () => undefined,
): Promise<SqlDataSource> {
  const factory = createSqlDataSource(connection, options);

  return (await factory(logger, async () => undefined)) as SqlDataSource;
}
