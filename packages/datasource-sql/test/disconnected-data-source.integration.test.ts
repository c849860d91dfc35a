import {
  Aggregation,
  Filter,
  PaginatedFilter,
  Projection,
  type Caller,
} from '@grove/datasource-toolkit';
import {
  createDisconnectedSqlDataSource,
  introspect,
  type Introspection,
  type SqlDataSource,
} from '../src';
import { openSqlDataSource } from './helpers/open-data-source';
import { createScratchDatabase, type ScratchDatabase } from './helpers/scratch-database';
import { createShopSchema } from './helpers/shop-schema';

const caller = { timezone: 'UTC' } as Caller;
const disconnectedMessage =
  'This data source has no database connection (it was built from an introspection to describe its schema): it cannot run queries.';

async function openDisconnected(introspection: unknown): Promise<SqlDataSource> {
  const factory = createDisconnectedSqlDataSource(introspection, 'sqlite');

  return (await factory(
    () => undefined,
    async () => undefined,
  )) as SqlDataSource;
}

describe('createDisconnectedSqlDataSource', () => {
  let introspection: Introspection;
  let connectedSchemas: Record<string, unknown>;
  let dataSource: SqlDataSource;

  beforeAll(async () => {
    const scratch: ScratchDatabase = await createScratchDatabase({
      name: 'SQLite',
      dialect: 'sqlite',
      url: 'sqlite',
    });
    await createShopSchema(scratch, 'sqlite');
    const options = { ...scratch.options, dialect: 'sqlite' as const };
    introspection = JSON.parse(JSON.stringify(await introspect(options))) as Introspection;
    const connected = await openSqlDataSource(options, { introspection });
    connectedSchemas = Object.fromEntries(connected.collections.map(c => [c.name, c.schema]));
    await connected.close();
    // The database is gone: the disconnected data source cannot have opened it.
    await scratch.drop();
    dataSource = await openDisconnected(introspection);
  }, 60_000);
  afterAll(() => dataSource?.close());

  it('has the collections and fields of the connected data source', () => {
    expect(Object.fromEntries(dataSource.collections.map(c => [c.name, c.schema]))).toEqual(
      connectedSchemas,
    );
  });

  it('has no native driver', () => {
    expect(dataSource.getCollection('orders').nativeDriver).toBeNull();
  });

  it('refuses reads, counts and writes with a clear error', async () => {
    const orders = dataSource.getCollection('orders');
    await expect(
      orders.list(caller, new PaginatedFilter(), new Projection('id')),
    ).rejects.toMatchObject({ name: 'DisconnectedDataSourceError', message: disconnectedMessage });
    await expect(
      orders.aggregate(caller, new Filter(), new Aggregation({ operation: 'Count' })),
    ).rejects.toMatchObject({ name: 'DisconnectedDataSourceError' });
    await expect(orders.delete(caller, new Filter())).rejects.toMatchObject({
      name: 'DisconnectedDataSourceError',
    });
  });

  it('refuses transactions', async () => {
    await expect(dataSource.transaction(async () => 1)).rejects.toMatchObject({
      name: 'DisconnectedDataSourceError',
    });
  });

  it('closes without a database', async () => {
    await expect(dataSource.close()).resolves.toBeUndefined();
  });

  it('refuses an introspection newer than the package, when called', () => {
    expect(() => createDisconnectedSqlDataSource({ ...introspection, version: 4 })).toThrow(
      expect.objectContaining({
        name: 'IntrospectionFormatError',
        code: 'ValidationError',
        message:
          'This version of introspection is newer than this package version. Please update @grove/datasource-sql',
      }),
    );
  });
});
