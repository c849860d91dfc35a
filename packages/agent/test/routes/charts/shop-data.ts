import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInMemoryDataSource } from '@grove/datasource-toolkit';
import type { DataSource, DataSourceFactory, RecordData } from '@grove/datasource-toolkit';
import { createSqlDataSource } from '@grove/datasource-sql';
import { Sequelize } from 'sequelize';

/**
 * The shop both data sources serve (same collection and field names as the SQL data source
 * introspects): 3 customers, 9 orders (one without date), 3 tags, 6 customer ↔ tag links.
 *
 * Orders, with the Paris calendar day when it differs from UTC:
 * | id | amount | status   | created_at (UTC)          | customer |
 * |  1 |    100 | paid     | 2022-01-10T10:00:00Z      | 1 Ada    |
 * |  2 |     50 | paid     | 2022-01-31T23:30:00Z (Paris 1 Feb)  | 1 Ada |
 * |  3 |     20 | pending  | 2022-03-15T12:00:00Z      | 2 Bob    |
 * |  4 |     30 | refunded | 2022-03-17T12:00:00Z      | 2 Bob    |
 * |  5 |    200 | paid     | null                      | 3 Cy     |
 * |  6 |     70 | pending  | 2023-01-02T08:00:00Z      | 1 Ada    |
 * |  7 |     10 | paid     | 2021-01-03T12:00:00Z (ISO week 53 of 2020) | 3 Cy |
 * |  8 |     40 | paid     | 2022-03-16T23:30:00Z (Paris 17 Mar) | 2 Bob |
 * |  9 |     60 | pending  | 2022-03-16T10:00:00Z      | 2 Bob    |
 */
export const shop = {
  customers: [
    { id: 1, name: 'Ada', region: 'EU' },
    { id: 2, name: 'Bob', region: 'US' },
    { id: 3, name: 'Cy', region: 'EU' },
  ],
  orders: [
    [1, 100, 'paid', '2022-01-10T10:00:00.000Z', 1],
    [2, 50, 'paid', '2022-01-31T23:30:00.000Z', 1],
    [3, 20, 'pending', '2022-03-15T12:00:00.000Z', 2],
    [4, 30, 'refunded', '2022-03-17T12:00:00.000Z', 2],
    [5, 200, 'paid', null, 3],
    [6, 70, 'pending', '2023-01-02T08:00:00.000Z', 1],
    [7, 10, 'paid', '2021-01-03T12:00:00.000Z', 3],
    [8, 40, 'paid', '2022-03-16T23:30:00.000Z', 2],
    [9, 60, 'pending', '2022-03-16T10:00:00.000Z', 2],
  ].map(([id, amount, status, created_at, customer_id]) => ({
    id,
    amount,
    status,
    created_at,
    customer_id,
  })),
  tags: [
    { id: 1, label: 'vip', weight: 5 },
    { id: 2, label: 'new', weight: 1 },
    { id: 3, label: 'churn', weight: 2 },
  ],
  customer_tags: [
    [1, 1],
    [1, 2],
    [2, 2],
    [3, 1],
    [3, 2],
    [3, 3],
  ].map(([customer_id, tag_id]) => ({ customer_id, tag_id })),
} satisfies Record<string, RecordData[]>;

const pk = { type: 'Column', columnType: 'Number', isPrimaryKey: true } as const;
const number = { type: 'Column', columnType: 'Number' } as const;
const text = { type: 'Column', columnType: 'String' } as const;
const toCustomer = {
  type: 'ManyToOne',
  foreignCollection: 'customers',
  foreignKey: 'customer_id',
  foreignKeyTarget: 'id',
} as const;

/** The shop in memory, with the fields and relations the SQL data source gives the SQLite one. */
export function createInMemoryShop(): DataSource {
  return createInMemoryDataSource({
    collections: {
      customer_tags: {
        fields: {
          customer_id: pk,
          tag_id: pk,
          customer: toCustomer,
          tag: {
            type: 'ManyToOne',
            foreignCollection: 'tags',
            foreignKey: 'tag_id',
            foreignKeyTarget: 'id',
          },
        },
        records: shop.customer_tags,
      },
      customers: {
        fields: {
          id: pk,
          name: text,
          region: text,
          tags: {
            type: 'ManyToMany',
            foreignCollection: 'tags',
            throughCollection: 'customer_tags',
            originKey: 'customer_id',
            originKeyTarget: 'id',
            foreignKey: 'tag_id',
            foreignKeyTarget: 'id',
          },
          orders: {
            type: 'OneToMany',
            foreignCollection: 'orders',
            originKey: 'customer_id',
            originKeyTarget: 'id',
          },
        },
        records: shop.customers,
      },
      orders: {
        fields: {
          id: pk,
          amount: number,
          status: text,
          created_at: { type: 'Column', columnType: 'Date' },
          customer_id: number,
          customer: toCustomer,
        },
        records: shop.orders,
      },
      tags: {
        fields: { id: pk, label: text, weight: number },
        records: shop.tags,
      },
    },
  });
}

/** A SQLite file holding the shop, and the SQL data source factory reading it. */
export interface SqliteShop {
  readonly factory: DataSourceFactory;
  drop(): Promise<void>;
}

/**
 * Creates the shop in a temporary SQLite file (foreign keys give the relations; the junction
 * table gives `customers.tags`); its connection is registered for native queries as `main`.
 */
export async function createSqliteShop(): Promise<SqliteShop> {
  const storage = join(tmpdir(), `grove-charts-${process.pid}-${Date.now().toString(36)}.sqlite`);
  const sequelize = new Sequelize({ dialect: 'sqlite', storage, logging: false });
  await sequelize.query('CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, region TEXT)');
  await sequelize.query(
    'CREATE TABLE orders (id INTEGER PRIMARY KEY, amount INTEGER, status TEXT, created_at DATETIME, ' +
      'customer_id INTEGER REFERENCES customers (id))',
  );
  await sequelize.query('CREATE TABLE tags (id INTEGER PRIMARY KEY, label TEXT, weight INTEGER)');
  await sequelize.query(
    'CREATE TABLE customer_tags (customer_id INTEGER NOT NULL REFERENCES customers (id), ' +
      'tag_id INTEGER NOT NULL REFERENCES tags (id), PRIMARY KEY (customer_id, tag_id))',
  );
  for (const [table, rows] of Object.entries(shop)) {
    for (const row of rows) {
      const columns = Object.keys(row);
      await sequelize.query(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        { replacements: Object.values(row) },
      );
    }
  }
  await sequelize.close();

  return {
    factory: createSqlDataSource({ dialect: 'sqlite', storage }, { liveQueryConnections: 'main' }),
    drop: () => rm(storage, { force: true }),
  };
}
