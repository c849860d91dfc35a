import type { DataSource, Logger } from '@grove/datasource-toolkit';
import type { ConformanceFixture } from '@grove/datasource-toolkit/testing';
import { createSqlDataSource, type SqlDataSource } from '../../src';
import type { TestConnection } from './connections';
import { loadFixture } from './load-fixture';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';

const scratches = new WeakMap<DataSource, ScratchDatabase>();

/**
 * Builds a SQL data source serving a fixture in a fresh scratch database of a connection.
 *
 * @example
 * ```ts
 * const dataSource = await createFixtureDataSource(connection, conformanceFixture);
 * await dropFixtureDataSource(dataSource);
 * ```
 */
export async function createFixtureDataSource(
  connection: TestConnection,
  fixture: ConformanceFixture,
  logger: Logger = () => undefined,
): Promise<SqlDataSource> {
  const scratch = await createScratchDatabase(connection);
  try {
    await loadFixture(scratch, connection.dialect, fixture);
    const factory = createSqlDataSource({ ...scratch.options, dialect: connection.dialect });
    const dataSource = (await factory(logger, async () => undefined)) as SqlDataSource;
    scratches.set(dataSource, scratch);

    return dataSource;
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

/** Closes a data source built by {@link createFixtureDataSource} and drops its database. */
export async function dropFixtureDataSource(dataSource: DataSource): Promise<void> {
  await (dataSource as SqlDataSource).close();
  await scratches.get(dataSource)?.drop();
}
