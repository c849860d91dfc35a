import { createHash, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes, Sequelize } from 'sequelize';

/**
 * The fuzz suite's SQLite file: customers ← orders (to-one `customer`, to-many `orders`), a JSON
 * column (`customers.profile`), products ↔ orders through `order_products` (a many-to-many whose
 * junction has a composite primary key). A second connection, owned by the suite, seeds it,
 * hashes every table and restores the seed when a request changed it.
 */
export interface FuzzShop {
  readonly path: string;
  /** The SHA-256 of every table's rows, ordered (sqlite_sequence included). */
  checksum(): Promise<string>;
  /** A cheap change detector: SQLite's data_version moves when another connection commits. */
  dataVersion(): Promise<number>;
  /** Rows of every table, for a failure report (small fixture). */
  dump(): Promise<Record<string, unknown[]>>;
  /** Empties every table and writes the seed again. */
  restore(): Promise<void>;
  drop(): Promise<void>;
}

const schema = [
  'CREATE TABLE customers (id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(50) NOT NULL, city VARCHAR(50), profile JSON)',
  'CREATE TABLE orders (id INTEGER PRIMARY KEY AUTOINCREMENT, customer_id INTEGER REFERENCES customers(id), amount INTEGER NOT NULL, status VARCHAR(10) NOT NULL, placed_at DATETIME)',
  'CREATE TABLE products (id INTEGER PRIMARY KEY AUTOINCREMENT, label VARCHAR(50) NOT NULL)',
  'CREATE TABLE order_products (order_id INTEGER NOT NULL REFERENCES orders(id), product_id INTEGER NOT NULL REFERENCES products(id), PRIMARY KEY (order_id, product_id))',
];

/** The tables in delete order (children first). */
const tables = ['order_products', 'orders', 'products', 'customers'] as const;

function seedStatements(): string[] {
  const customers = Array.from(
    { length: 6 },
    (_, i) =>
      `(${i + 1}, 'Customer ${i + 1}', '${i % 2 ? 'Paris' : 'Lyon'}', '{"vip":${i % 3 === 0},"tags":["t${i}"]}')`,
  );
  const orders = Array.from(
    { length: 30 },
    (_, i) =>
      `(${i + 1}, ${(i % 6) + 1}, ${(i % 7) * 10}, '${i % 3 ? 'paid' : 'pending'}', '2024-0${(i % 9) + 1}-1${i % 10}T10:00:00.000Z')`,
  );
  const products = Array.from({ length: 4 }, (_, i) => `(${i + 1}, 'Product ${i + 1}')`);
  const links = Array.from({ length: 20 }, (_, i) => `(${i + 1}, ${(i % 4) + 1})`);

  return [
    `INSERT INTO customers (id, name, city, profile) VALUES ${customers.join(', ')}`,
    `INSERT INTO orders (id, customer_id, amount, status, placed_at) VALUES ${orders.join(', ')}`,
    `INSERT INTO products (id, label) VALUES ${products.join(', ')}`,
    `INSERT INTO order_products (order_id, product_id) VALUES ${links.join(', ')}`,
  ];
}

export async function createFuzzShop(): Promise<FuzzShop> {
  const path = join(tmpdir(), `grove-fuzz-${randomUUID()}.sqlite`);
  const sequelize = new Sequelize({ dialect: 'sqlite', storage: path, logging: false });
  for (const statement of [...schema, ...seedStatements()]) await sequelize.query(statement);

  const rowsOf = async (table: string) => {
    const columns = await sequelize.query<{ name: string }>(`PRAGMA table_info("${table}")`, {
      type: QueryTypes.SELECT,
    });
    const order = columns.map((_, index) => String(index + 1)).join(', ');

    return sequelize.query(`SELECT * FROM "${table}" ORDER BY ${order}`, {
      type: QueryTypes.SELECT,
    });
  };
  const allTables = async () =>
    (
      await sequelize.query<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
        { type: QueryTypes.SELECT },
      )
    ).map(row => row.name);
  const dump = async () => {
    const result: Record<string, unknown[]> = {};
    for (const table of await allTables()) result[table] = await rowsOf(table);

    return result;
  };

  return {
    path,
    dump,
    checksum: async () =>
      createHash('sha256')
        .update(JSON.stringify(await dump()))
        .digest('hex'),
    dataVersion: async () => {
      const [row] = await sequelize.query<{ data_version: number }>('PRAGMA data_version', {
        type: QueryTypes.SELECT,
      });

      return Number(row?.data_version);
    },
    restore: async () => {
      // Tables a request may have created (a native query is read-only, in theory) go too.
      const known = new Set<string>([...tables, 'sqlite_sequence']);
      for (const table of await allTables()) {
        if (!known.has(table)) await sequelize.query(`DROP TABLE "${table}"`);
      }
      for (const table of tables) await sequelize.query(`DELETE FROM ${table}`);
      await sequelize.query('DELETE FROM sqlite_sequence');
      for (const statement of seedStatements()) await sequelize.query(statement);
    },
    drop: async () => {
      await sequelize.close();
      await rm(path, { force: true });
    },
  };
}
