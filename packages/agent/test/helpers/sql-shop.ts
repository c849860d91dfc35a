import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Sequelize } from 'sequelize';
import { createSqlDataSource } from '@grove/datasource-sql';
import type { DataSourceFactory } from '@grove/datasource-toolkit';

/** A SQLite file with customers ← orders (`orderCount` orders, `customer_id` 1..10). */
export interface SqlShop {
  readonly path: string;
  /** The SQL the data source ran, in order (its Debug logs). */
  readonly queries: string[];
  factory(): DataSourceFactory;
  drop(): Promise<void>;
}

export async function createSqlShop(orderCount: number): Promise<SqlShop> {
  const path = join(tmpdir(), `grove-shop-${randomUUID()}.sqlite`);
  const sequelize = new Sequelize({ dialect: 'sqlite', storage: path, logging: false });
  await sequelize.query(
    'CREATE TABLE customers (id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(50) NOT NULL, city VARCHAR(50))',
  );
  await sequelize.query(
    'CREATE TABLE orders (id INTEGER PRIMARY KEY AUTOINCREMENT, customer_id INTEGER REFERENCES customers(id), amount INTEGER NOT NULL, status VARCHAR(10) NOT NULL)',
  );
  const customers = Array.from(
    { length: 10 },
    (_, i) => `(${i + 1}, 'Customer ${i + 1}', '${i % 2 ? 'Paris' : 'Lyon'}')`,
  );
  await sequelize.query(`INSERT INTO customers (id, name, city) VALUES ${customers.join(', ')}`);
  const orders = Array.from(
    { length: orderCount },
    (_, i) => `(${i + 1}, ${(i % 10) + 1}, ${(i % 7) * 10}, '${i % 3 ? 'paid' : 'pending'}')`,
  );
  for (let start = 0; start < orders.length; start += 500) {
    await sequelize.query(
      `INSERT INTO orders (id, customer_id, amount, status) VALUES ${orders.slice(start, start + 500).join(', ')}`,
    );
  }
  await sequelize.close();
  const queries: string[] = [];

  return {
    path,
    queries,
    factory: () => {
      const inner = createSqlDataSource(`sqlite:${path}`, { liveQueryConnections: 'main' });

      return (logger, restart) =>
        inner((level, message, error) => {
          if (level === 'Debug') queries.push(message);
          logger(level, message, error);
        }, restart);
    },
    drop: () => rm(path, { force: true }),
  };
}
