import {
  Aggregation,
  ConditionTreeLeaf,
  Filter,
  Page,
  PaginatedFilter,
  Projection,
  Sort,
  type Caller,
} from '@grove/datasource-toolkit';
import { createSqlDataSource } from '../src';
import { openSqlDataSource } from './helpers/open-data-source';
import { availableConnections } from './helpers/connections';
import { createShopSchema } from './helpers/shop-schema';
import { useRecordingDataSource } from './helpers/recording-data-source';

const caller = { timezone: 'UTC' } as Caller;
const connections = availableConnections();

/** Filter values, search-like strings, sort and field names that must never run as SQL. */
const injections = [
  "'; DROP TABLE canary; --",
  '"; DROP TABLE canary; --',
  '`; DROP TABLE canary; --',
  "' OR '1'='1",
  "%' OR 1=1 --",
  '$1; DELETE FROM canary',
  "\\'; DELETE FROM canary; --",
  "Customer 1' UNION SELECT note FROM canary --",
];

describe.each(connections)('$name: queries', connection => {
  const recording = useRecordingDataSource(connection, scratch =>
    createShopSchema(scratch, connection.dialect),
  );

  const orders = () => recording.dataSource.getCollection('orders');
  const canaryAlive = async () =>
    recording.dataSource
      .getCollection('canary')
      .list(caller, new PaginatedFilter(), new Projection('id', 'note'));

  it('lists 15 records with two to-one relations in ONE query', async () => {
    const records = await orders().list(
      caller,
      new PaginatedFilter({
        sort: new Sort({ field: 'id', ascending: true }),
        page: new Page(0, 15),
      }),
      new Projection('id', 'customer:name', 'product:label'),
    );
    expect(records).toHaveLength(15);
    expect(records[0]).toEqual({
      id: 1,
      customer: { name: 'Customer 1' },
      product: { label: 'Product 20' },
    });
    expect(recording.queries).toHaveLength(1);
  });

  it('counts in ONE query', async () => {
    const rows = await orders().aggregate(
      caller,
      new Filter(),
      new Aggregation({ operation: 'Count' }),
    );
    expect(rows).toEqual([{ value: 20, group: {} }]);
    expect(recording.queries).toHaveLength(1);
  });

  it('returns BIGINT values exactly (numbers when safe, strings beyond)', async () => {
    const [product] = await recording.dataSource
      .getCollection('products')
      .list(
        caller,
        new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 1) }),
        new Projection('big'),
      );
    expect(product).toEqual({ big: 9007199254740991 });
  });

  it('maps a unique violation to a ValidationError naming the field', async () => {
    await expect(
      recording.dataSource
        .getCollection('customers')
        .create(caller, [{ name: 'Dup', email: 'c1@shop.test' }]),
    ).rejects.toMatchObject({
      code: 'ValidationError',
      message: expect.stringContaining('unicity'),
    });
  });

  it('maps a foreign-key violation to a ValidationError', async () => {
    await expect(orders().create(caller, [{ customer_id: 999 }])).rejects.toMatchObject({
      code: 'ValidationError',
      message: expect.stringContaining('foreign key'),
    });
  });

  it('maps a not-null violation to a ValidationError naming the field', async () => {
    await expect(
      recording.dataSource
        .getCollection('customers')
        .create(caller, [{ email: 'x@shop.test', name: null }]),
    ).rejects.toMatchObject({ code: 'ValidationError', message: expect.stringContaining('name') });
  });

  it.each(injections)('matches the filter value %j literally', async value => {
    for (const operator of [
      'Equal',
      'Contains',
      'IContains',
      'Like',
      'StartsWith',
      'NotIn',
    ] as const) {
      const filterValue = operator === 'NotIn' ? [value] : value;
      const rows = await recording.dataSource.getCollection('customers').list(
        caller,
        new PaginatedFilter({
          conditionTree: new ConditionTreeLeaf('name', operator, filterValue),
        }),
        new Projection('id'),
      );
      expect(rows).toHaveLength(operator === 'NotIn' ? 20 : 0);
    }
    expect(await canaryAlive()).toEqual([{ id: 1, note: 'alive' }]);
  });

  it.each(injections)('rejects the sort and field name %j', async name => {
    const list = (filter: PaginatedFilter, projection: Projection) =>
      recording.dataSource.getCollection('customers').list(caller, filter, projection);
    await expect(
      list(
        new PaginatedFilter({ sort: new Sort({ field: name, ascending: true }) }),
        new Projection('id'),
      ),
    ).rejects.toThrow('Invalid access');
    await expect(list(new PaginatedFilter(), new Projection(name))).rejects.toThrow(
      'Invalid access',
    );
    await expect(
      list(
        new PaginatedFilter({ conditionTree: new ConditionTreeLeaf(name, 'Present') }),
        new Projection('id'),
      ),
    ).rejects.toThrow('Invalid access');
    expect(await canaryAlive()).toEqual([{ id: 1, note: 'alive' }]);
  });

  it('runs native queries with context variables as bound parameters', async () => {
    const native = await openSqlDataSource(
      { ...recording.scratch.options, dialect: connection.dialect },
      { liveQueryConnections: 'main' },
    );
    try {
      const rows = await native.executeNativeQuery(
        'main',
        'SELECT note FROM canary WHERE note = {{currentUser.note}}',
        {
          'currentUser.note': "alive' OR '1'='1",
        },
      );
      expect(rows).toEqual([]);
      expect(
        await native.executeNativeQuery('main', 'SELECT note FROM canary WHERE id = {{id}}', {
          id: 1,
        }),
      ).toEqual([{ note: 'alive' }]);
    } finally {
      await native.close();
    }
  });
});

describe('start-up errors', () => {
  it('names host and port of an unreachable database, never the password', async () => {
    const factory = createSqlDataSource('postgres://grove:s3cret-pass@127.0.0.1:1/nowhere');
    const error = await factory(
      () => undefined,
      async () => undefined,
    ).catch((e: Error) => e);
    expect(error).toMatchObject({ name: 'DatabaseConnectError' });
    expect((error as Error).message).toMatch(
      /^Unable to connect to the given uri: postgres:\/\/127\.0\.0\.1:1\/nowhere\.\n/,
    );
    expect((error as Error).message).not.toContain('s3cret-pass');
  });
});
