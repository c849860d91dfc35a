import type { SqlDataSource } from '../../src';
import type { TestConnection } from './connections';
import { openSqlDataSource } from './open-data-source';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';

/** A scratch database and a data source on it that records the SQL it sends. */
export interface RecordingDataSource {
  /** Set by the suite's `beforeAll`. */
  readonly scratch: ScratchDatabase;
  /** Set by the suite's `beforeAll`. */
  readonly dataSource: SqlDataSource;
  /** The statements the data source logged (`Debug`) since the current test started. */
  readonly queries: string[];
}

/**
 * Registers the suite's hooks: before all, a scratch database of `connection` prepared by
 * `prepare` and a data source opened on it whose `Debug` log (each statement) is recorded;
 * `queries` emptied before each test; the data source closed and the database dropped after all.
 *
 * @example
 * ```ts
 * const recording = useRecordingDataSource(connection, scratch => createShopSchema(scratch, connection.dialect));
 * it('sends one statement', async () => {
 *   await recording.dataSource.getCollection('orders').list(caller, filter, projection);
 *   expect(recording.queries).toHaveLength(1);
 * });
 * ```
 */
export function useRecordingDataSource(
  connection: TestConnection,
  prepare: (scratch: ScratchDatabase) => Promise<unknown>,
): RecordingDataSource {
  const recording = { queries: [] as string[] } as {
    scratch?: ScratchDatabase;
    dataSource?: SqlDataSource;
    queries: string[];
  };
  beforeAll(async () => {
    recording.scratch = await createScratchDatabase(connection);
    await prepare(recording.scratch);
    recording.dataSource = await openSqlDataSource(
      { ...recording.scratch.options, dialect: connection.dialect },
      {},
      (level, message) => level === 'Debug' && recording.queries.push(message),
    );
  }, 60_000);
  afterAll(async () => {
    await recording.dataSource?.close();
    await recording.scratch?.drop();
  });
  beforeEach(() => {
    recording.queries.length = 0;
  });

  return recording as RecordingDataSource;
}
