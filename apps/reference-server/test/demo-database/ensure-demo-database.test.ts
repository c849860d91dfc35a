import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqlDataSource } from '@grove/datasource-sql';
import {
  ConditionTreeLeaf,
  PaginatedFilter,
  Projection,
  type Caller,
  type DataSource,
} from '@grove/datasource-toolkit';
import { QueryTypes } from 'sequelize';
import { demoDialects } from '../../src/demo-database/demo-dialects';
import { demoRowCounts, demoSchema, demoTableNames } from '../../src/demo-database/demo-schema';
import { ensureDemoDatabase } from '../../src/demo-database/ensure-demo-database';
import { generateDemoRows } from '../../src/demo-database/generate-demo-rows';
import { availableDemoConnections } from './helpers/demo-test-connections';
import { databaseChecksum, rowsChecksum } from './helpers/rows-checksum';
import {
  createScratchDemoDatabase,
  type ScratchDemoDatabase,
} from './helpers/scratch-demo-database';

const connections = availableDemoConnections();

/** The same rows on every dialect: the generator's checksum. */
const expectedChecksum = rowsChecksum(generateDemoRows());

describe.each(connections)('$name: ensureDemoDatabase', connection => {
  const q = demoDialects[connection.dialect].quote;
  let scratch: ScratchDemoDatabase;
  let first: Awaited<ReturnType<typeof ensureDemoDatabase>>;
  const logs: string[] = [];

  const select = <T extends object>(sql: string) =>
    scratch.sequelize().query<T>(sql, { type: QueryTypes.SELECT });
  const countOf = async (sql: string) => Number((await select<{ n: unknown }>(sql))[0]?.n);

  beforeAll(async () => {
    scratch = await createScratchDemoDatabase(connection);
    first = await ensureDemoDatabase(scratch.url, { logger: message => logs.push(message) });
  }, 120_000);
  afterAll(async () => {
    await scratch?.drop();
  });

  it('creates the tables, seeds them and says so', () => {
    expect(first).toEqual({ created: true, counts: demoRowCounts });
    expect(logs.filter(line => line.startsWith('Seeded')).length).toBe(demoTableNames.length);
  });

  it('creates every table with its columns in order, NOT NULL unless nullable', async () => {
    const catalogue =
      connection.dialect === 'sqlite'
        ? `SELECT m.name AS tbl, p.name AS col, p."notnull" = 0 AND p.pk = 0 AS nullable
           FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'
           ORDER BY m.name, p.cid`
        : `SELECT table_name AS tbl, column_name AS col, is_nullable = 'YES' AS nullable
           FROM information_schema.columns
           WHERE table_schema = ${connection.dialect === 'postgres' ? 'current_schema()' : 'DATABASE()'}
           ORDER BY table_name, ordinal_position`;
    const columns: Record<string, string[]> = {};
    for (const row of await select<{ tbl: string; col: string; nullable: unknown }>(catalogue)) {
      const nullable = row.nullable === true || Number(row.nullable) === 1;
      columns[row.tbl] = [...(columns[row.tbl] ?? []), `${row.col}${nullable ? '?' : ''}`];
    }
    expect(columns).toEqual(
      Object.fromEntries(
        demoTableNames.map(t => [t, demoSchema[t].map(c => `${c.name}${c.nullable ? '?' : ''}`)]),
      ),
    );
  });

  it('holds exactly the announced rows', async () => {
    for (const table of demoTableNames) {
      expect([table, await countOf(`SELECT COUNT(*) AS n FROM ${q(table)}`)]).toEqual([
        table,
        demoRowCounts[table],
      ]);
    }
  });

  it('holds the rows of the generator, identical on every dialect', async () => {
    expect(await databaseChecksum(scratch.sequelize(), connection.dialect)).toBe(expectedChecksum);
  });

  it('seeds identical rows in another fresh database', async () => {
    const other = await createScratchDemoDatabase(connection);
    try {
      await ensureDemoDatabase(other.url);
      expect(await databaseChecksum(other.sequelize(), connection.dialect)).toBe(
        await databaseChecksum(scratch.sequelize(), connection.dialect),
      );
    } finally {
      await other.drop();
    }
  }, 120_000);

  it('does nothing on a database already seeded', async () => {
    const again = await ensureDemoDatabase(scratch.url);
    expect(again).toEqual({ created: false, counts: demoRowCounts });
    expect(await databaseChecksum(scratch.sequelize(), connection.dialect)).toBe(expectedChecksum);
  });

  it('recreates and reseeds a table that was dropped, leaving the others as they are', async () => {
    await scratch.sequelize().query(`DROP TABLE ${q('order_items')}`);
    expect(await ensureDemoDatabase(scratch.url)).toEqual({ created: true, counts: demoRowCounts });
    expect(await databaseChecksum(scratch.sequelize(), connection.dialect)).toBe(expectedChecksum);
  });

  it('leaves no orphan rows', async () => {
    const orphans = (table: string, column: string, target: string) =>
      countOf(
        `SELECT COUNT(*) AS n FROM ${q(table)} t LEFT JOIN ${q(target)} f ON f.id = t.${q(column)} ` +
          `WHERE t.${q(column)} IS NOT NULL AND f.id IS NULL`,
      );
    expect([
      await orphans('customers', 'company_id', 'companies'),
      await orphans('orders', 'customer_id', 'customers'),
      await orphans('order_items', 'order_id', 'orders'),
      await orphans('order_items', 'product_id', 'products'),
    ]).toEqual([0, 0, 0, 0]);
  });

  it('stores order totals equal to the sum of their items', async () => {
    // Cents as integers: SQLite stores DECIMAL as REAL.
    const mismatches = await countOf(
      `SELECT COUNT(*) AS n FROM ${q('orders')} o WHERE ROUND(o.total * 100) <> ` +
        `(SELECT ROUND(SUM(i.quantity * i.unit_price * 100)) FROM ${q('order_items')} i WHERE i.order_id = o.id)`,
    );
    expect(mismatches).toBe(0);
  });

  it('enforces the foreign keys', async () => {
    await expect(
      scratch
        .sequelize()
        .query(
          `INSERT INTO ${q('order_items')} (${q('order_id')}, ${q('product_id')}, ${q('quantity')}, ${q('unit_price')}) VALUES (999999, 1, 1, 1)`,
        ),
    ).rejects.toThrow(/foreign key/i);
  });

  it('lets the database number new rows after the seeded ids', async () => {
    await scratch
      .sequelize()
      .query(
        `INSERT INTO ${q('companies')} (${q('name')}, ${q('industry')}, ${q('country')}, ${q('founded_on')}) VALUES ('New Co', 'Retail', 'France', '2025-06-01')`,
      );
    expect(await countOf(`SELECT MAX(id) AS n FROM ${q('companies')}`)).toBe(
      demoRowCounts.companies + 1,
    );
    await scratch.sequelize().query(`DELETE FROM ${q('companies')} WHERE id > 40`);
  });

  describe('introspected by @grove/datasource-sql', () => {
    let dataSource: DataSource & { close(): Promise<void> };

    beforeAll(async () => {
      const factory = createSqlDataSource(scratch.url);
      dataSource = (await factory(
        () => undefined,
        async () => undefined,
      )) as DataSource & { close(): Promise<void> };
    });
    afterAll(async () => {
      await dataSource?.close();
    });

    const field = (collection: string, name: string) =>
      dataSource.getCollection(collection).schema.fields[name];

    it('sees the five tables', () => {
      expect(dataSource.collections.map(c => c.name).sort()).toEqual([...demoTableNames].sort());
    });

    it('relates orders and customers both ways', () => {
      expect(field('orders', 'customer')).toEqual({
        type: 'ManyToOne',
        foreignCollection: 'customers',
        foreignKey: 'customer_id',
        foreignKeyTarget: 'id',
      });
      expect(field('customers', 'orders')).toEqual({
        type: 'OneToMany',
        foreignCollection: 'orders',
        originKey: 'customer_id',
        originKeyTarget: 'id',
      });
    });

    it('links order items to their order and product', () => {
      expect(field('order_items', 'order')).toMatchObject({
        type: 'ManyToOne',
        foreignCollection: 'orders',
      });
      expect(field('order_items', 'product')).toMatchObject({
        type: 'ManyToOne',
        foreignCollection: 'products',
      });
      expect(field('orders', 'order_items')).toMatchObject({
        type: 'OneToMany',
        originKey: 'order_id',
      });
      expect(field('products', 'order_items')).toMatchObject({
        type: 'OneToMany',
        originKey: 'product_id',
      });
      expect(field('customers', 'company')).toMatchObject({
        type: 'ManyToOne',
        foreignCollection: 'companies',
      });
    });

    it('types the columns: JSON addresses, booleans, dates, numbers', () => {
      const types = (collection: string, names: string[]) =>
        names.map(name => {
          const schema = field(collection, name);

          return schema?.type === 'Column' ? schema.columnType : schema?.type;
        });
      expect(types('customers', ['address', 'is_vip', 'created_at', 'email'])).toEqual([
        'Json',
        'Boolean',
        'Date',
        'String',
      ]);
      expect(types('orders', ['shipping_address', 'total', 'shipped_at'])).toEqual([
        'Json',
        'Number',
        'Date',
      ]);
      expect(types('companies', ['founded_on'])).toEqual(['Dateonly']);
    });

    it('reads a seeded customer as Grove shows it', async () => {
      const [customer] = await dataSource
        .getCollection('customers')
        .list(
          { timezone: 'UTC' } as Caller,
          new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 1) }),
          new Projection('id', 'email', 'address', 'is_vip', 'created_at'),
        );
      expect(customer).toEqual({
        id: 1,
        email: 'emma.silva@example.org',
        address: { street: '84 Maple Avenue', city: 'Calgary', zip: 'A5F 1L1', country: 'Canada' },
        is_vip: false,
        created_at: '2023-03-30T08:00:23.000Z',
      });
    });
  });
});

describe('ensureDemoDatabase on a SQLite file that does not exist', () => {
  const directory = join(tmpdir(), `grove_demo_${process.pid}_${Date.now().toString(36)}`);
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('creates the file and its directories', async () => {
    const file = join(directory, 'nested', 'data', 'demo.sqlite');
    await ensureDemoDatabase(`sqlite:${file}`);
    expect(existsSync(file)).toBe(true);
  });
});

describe('ensureDemoDatabase on an unreachable server', () => {
  it('fails with a ServiceUnavailableError naming the database but not the password', async () => {
    const error = await ensureDemoDatabase('postgres://app:s3cret@127.0.0.1:1/shop').catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({
      code: 'ServiceUnavailableError',
      message: expect.stringMatching(
        /^Cannot open the demo database postgres:\/\/127\.0\.0\.1:1\/shop: /,
      ),
    });
    expect(String((error as Error).message)).not.toContain('s3cret');
  });
});
