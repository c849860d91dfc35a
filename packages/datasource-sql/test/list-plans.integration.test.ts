import {
  Page,
  PaginatedFilter,
  Projection,
  Sort,
  type Caller,
  type RecordData,
} from '@grove/datasource-toolkit';
import type { SqlDataSource } from '../src';
import { openSqlDataSource } from './helpers/open-data-source';
import { availableConnections, type TestConnection } from './helpers/connections';
import { explainList } from './helpers/explain';
import type { ScratchDatabase } from './helpers/scratch-database';
import { seedShop } from './helpers/seed-shop';

const caller = { timezone: 'UTC' } as Caller;
const rows = 5000;
const connections = availableConnections();

/** The plan reads the table in primary-key order instead of sorting it. */
function expectPrimaryKeyOrder(connection: TestConnection, plan: string[]): void {
  const text = plan.join('\n');
  switch (connection.dialect) {
    case 'postgres':
      expect(text).toMatch(/Index Scan (Backward )?using customers_pkey/);
      expect(text).not.toMatch(/\bSort\b/);
      break;
    case 'mysql':
    case 'mariadb':
      expect(plan).toEqual([expect.stringMatching(/^table=t0 type=index key=PRIMARY /)]);
      expect(text).not.toMatch(/filesort/);
      break;
    case 'sqlite':
      expect(text).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
      break;
  }
}

describe.each(connections)('$name: list plans and null order', connection => {
  let scratch: ScratchDatabase;
  let dataSource: SqlDataSource;

  beforeAll(async () => {
    scratch = await seedShop(connection, rows);
    dataSource = await openSqlDataSource({ ...scratch.options, dialect: connection.dialect });
  }, 120_000);
  afterAll(async () => {
    await dataSource?.close();
    await scratch?.drop();
  });

  const page = (field: string, ascending: boolean, limit: number | null = 15) =>
    new PaginatedFilter({
      sort: new Sort({ field, ascending }),
      ...(limit === null ? {} : { page: new Page(0, limit) }),
    });

  it.each([true, false])(
    'a page sorted by primary key (ascending: %s) reads the primary-key index',
    async ascending => {
      const { plan } = await explainList(
        dataSource,
        'customers',
        page('id', ascending),
        new Projection('id', 'name', 'city'),
      );

      expectPrimaryKeyOrder(connection, plan);
    },
  );

  it('a page sorted by primary key returns the first ids', async () => {
    const records = await dataSource
      .getCollection('customers')
      .list(caller, page('id', true), new Projection('id'));

    expect(records.map(r => r.id)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  const cities = (records: RecordData[]) => records.map(r => r.city as string | null);
  const nullCount = Math.floor(rows / 3);

  it('a nullable column sorts nulls first ascending', async () => {
    const records = await dataSource
      .getCollection('customers')
      .list(caller, page('city', true, null), new Projection('id', 'city'));

    expect(cities(records)).toEqual([
      ...Array<null>(nullCount).fill(null),
      ...cities(records.slice(nullCount)).sort(),
    ]);
    expect(records[nullCount]?.city).toBe('Lyon');
  });

  it('a nullable column sorts nulls last descending', async () => {
    const records = await dataSource
      .getCollection('customers')
      .list(caller, page('city', false, null), new Projection('id', 'city'));

    expect(cities(records).slice(-nullCount)).toEqual(Array<null>(nullCount).fill(null));
    expect(cities(records).slice(0, rows - nullCount)).toEqual(
      cities(records.slice(0, rows - nullCount))
        .sort()
        .reverse(),
    );
    expect(records[0]?.city).toBe('Paris');
  });

  it('a related column sorts nulls first ascending (LEFT JOIN)', async () => {
    const records = await dataSource
      .getCollection('orders')
      .list(caller, page('customer:city', true), new Projection('id', 'customer:city'));

    expect(records.map(r => (r.customer as RecordData).city)).toEqual(Array<null>(15).fill(null));
  });
});
