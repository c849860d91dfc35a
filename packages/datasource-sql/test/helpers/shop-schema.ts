import type { SqlDialectName } from '../../src';
import type { ScratchDatabase } from './scratch-database';

/**
 * A schema with every column type and relation shape: auto-increment and UUID keys, a unique
 * foreign key (one-to-one), two foreign keys to one table (renamed relations), a self
 * reference, a junction table (many-to-many), a composite key, a table without primary key,
 * a view, and a canary table for the injection corpus.
 */
function statements(dialect: SqlDialectName, mariaDb: boolean): string[] {
  const my = dialect === 'mysql' || dialect === 'mariadb';
  const pg = dialect === 'postgres';
  const serial = pg
    ? 'SERIAL PRIMARY KEY'
    : my
      ? 'INT AUTO_INCREMENT PRIMARY KEY'
      : 'INTEGER PRIMARY KEY AUTOINCREMENT';
  const text = my ? 'VARCHAR(191)' : 'TEXT';
  const kind = pg ? 'product_kind' : my ? "ENUM('book', 'food')" : 'TEXT';
  const fk = (column: string, table: string) => `FOREIGN KEY (${column}) REFERENCES ${table} (id)`;
  const uuid = pg || mariaDb || dialect === 'sqlite' ? 'UUID' : 'CHAR(36)';

  return [
    ...(pg ? ["CREATE TYPE product_kind AS ENUM ('book', 'food')"] : []),
    `CREATE TABLE customers (id ${serial}, name ${text} NOT NULL, email ${text} UNIQUE, created_at ${pg ? 'TIMESTAMPTZ' : my ? 'DATETIME' : 'DATETIME'} DEFAULT CURRENT_TIMESTAMP)`,
    `CREATE TABLE accounts (id ${serial}, customer_id INTEGER UNIQUE, balance ${pg ? 'NUMERIC(12,2)' : 'DECIMAL(12,2)'} DEFAULT 0, ${fk('customer_id', 'customers')})`,
    `CREATE TABLE products (id ${serial}, label ${text} NOT NULL DEFAULT 'new', kind ${kind}, data ${pg ? 'JSONB' : 'JSON'}, uid ${uuid}, photo ${pg ? 'BYTEA' : my ? 'BLOB' : 'BLOB'}, opens TIME, day DATE, big BIGINT, ratio ${pg ? 'DOUBLE PRECISION' : my ? 'DOUBLE' : 'REAL'}, active BOOLEAN${pg ? ', tags TEXT[]' : ''})`,
    `CREATE TABLE orders (id ${serial}, customer_id INTEGER, product_id INTEGER, editor_id INTEGER, ${fk('customer_id', 'customers')}, ${fk('product_id', 'products')}, ${fk('editor_id', 'customers')})`,
    `CREATE TABLE tags (id ${serial}, name ${text})`,
    `CREATE TABLE product_tags (product_id INTEGER NOT NULL, tag_id INTEGER NOT NULL, PRIMARY KEY (product_id, tag_id), FOREIGN KEY (product_id) REFERENCES products (id), FOREIGN KEY (tag_id) REFERENCES tags (id))`,
    `CREATE TABLE employees (id ${serial}, manager_id INTEGER, ${fk('manager_id', 'employees')})`,
    `CREATE TABLE stocks (warehouse ${text} NOT NULL, product_id INTEGER NOT NULL, quantity INTEGER, PRIMARY KEY (warehouse, product_id))`,
    `CREATE TABLE logs (id INTEGER, message ${text})`,
    `CREATE TABLE canary (id INTEGER PRIMARY KEY, note ${text})`,
    "INSERT INTO canary (id, note) VALUES (1, 'alive')",
    'CREATE VIEW customer_names AS SELECT id, name FROM customers',
  ];
}

/**
 * Creates the shop schema in a scratch database, with 20 customers, products and orders.
 *
 * @example
 * ```ts
 * await createShopSchema(scratch, 'postgres');
 * ```
 */
export async function createShopSchema(
  scratch: ScratchDatabase,
  dialect: SqlDialectName,
): Promise<void> {
  const prefix = scratch.schema ? `SET search_path TO "${scratch.schema}"; ` : '';
  for (const sql of statements(dialect, scratch.isMariaDbServer))
    await scratch.sequelize.query(prefix + sql);
  for (let i = 1; i <= 20; i += 1) {
    await scratch.sequelize.query(
      `${prefix}INSERT INTO customers (name, email) VALUES ('Customer ${i}', 'c${i}@shop.test')`,
    );
    await scratch.sequelize.query(
      `${prefix}INSERT INTO products (label, big) VALUES ('Product ${i}', ${9007199254740990 + i})`,
    );
  }
  for (let i = 1; i <= 20; i += 1) {
    await scratch.sequelize.query(
      `${prefix}INSERT INTO orders (customer_id, product_id) VALUES (${i}, ${21 - i})`,
    );
  }
}
