import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { QueryTypes, Sequelize } from 'sequelize';
import { datasetSize, type DatasetSize } from './dataset-size';

/** Where to generate the shop: a SQLite file, or a database of a PostgreSQL server. */
export type DatasetLocation =
  | { readonly dialect: 'sqlite'; readonly storage: string }
  /** `serverUrl` names any database of the server; the shop gets a database of its own. */
  | { readonly dialect: 'postgres'; readonly serverUrl: string };

/** A generated shop, ready for both agents. */
export interface BenchDatabase {
  readonly dialect: 'sqlite' | 'postgres';
  /** The connection URL both agents receive (`sqlite:/path` or `postgres://…/grove_bench_…`). */
  readonly url: string;
  readonly scale: number;
  readonly size: DatasetSize;
}

/** Bumped whenever the generated data changes, so that an older copy is generated again. */
const DATASET_VERSION = 1;
const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Linus'];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton'];
const CITIES = ['Paris', 'Lyon', 'Berlin', 'Madrid', 'Rome', 'London', 'Lisbon', 'Vienna'];
const STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'];
const PRODUCTS = ['book', 'pen', 'lamp', 'chair', 'desk', 'mug', 'bag', 'clock', 'map', 'kite'];
/** 2023-01-01T00:00:00Z, and three years of seconds after it: every date of the shop. */
const EPOCH = 1_672_531_200;
const SPAN = 3 * 365 * 86_400;

/**
 * Generates the benchmark's shop deterministically — `customers`, `orders` (5 per customer),
 * `order_items` (2 per order) — with primary keys, indexed foreign keys and statistics. Every
 * value is a function of the row number (a multiplicative hash), computed by the database in one
 * statement per table, so that the full dataset (scale 1: 1.6M rows) takes seconds and is the
 * same on every machine. A location that already holds this scale and version is kept as is.
 *
 * @example
 * ```ts
 * const db = await generateDataset({ dialect: 'sqlite', storage: 'bench/.data/shop-1.sqlite' }, 1);
 * createSqlDataSource(db.url);
 * ```
 */
export async function generateDataset(
  location: DatasetLocation,
  scale: number,
): Promise<BenchDatabase> {
  const size = datasetSize(scale);
  const url = await prepareLocation(location, scale);
  const sequelize = new Sequelize(url, { logging: false, pool: { max: 1 } });
  try {
    const current = await readVersion(sequelize);
    if (current !== `${DATASET_VERSION}:${scale}`) {
      for (const sql of statements(location.dialect, size)) {
        await sequelize.query(sql, { type: QueryTypes.RAW });
      }
      await sequelize.query(
        `INSERT INTO bench_meta (version) VALUES ('${DATASET_VERSION}:${scale}')`,
        { type: QueryTypes.RAW },
      );
    }
  } finally {
    await sequelize.close();
  }

  return { dialect: location.dialect, url, scale, size };
}

async function prepareLocation(location: DatasetLocation, scale: number): Promise<string> {
  if (location.dialect === 'sqlite') {
    mkdirSync(dirname(location.storage), { recursive: true });

    return `sqlite:${location.storage}`;
  }
  const name = `grove_bench_${String(scale).replace(/[^0-9]/g, '_')}`;
  const server = new Sequelize(location.serverUrl, { logging: false, pool: { max: 1 } });
  try {
    const found = await server.query('SELECT 1 FROM pg_database WHERE datname = :name', {
      type: QueryTypes.SELECT,
      replacements: { name },
    });
    if (found.length === 0) await server.query(`CREATE DATABASE "${name}"`);
  } finally {
    await server.close();
  }
  const url = new URL(location.serverUrl);
  url.pathname = `/${name}`;

  return url.toString();
}

async function readVersion(sequelize: Sequelize): Promise<string | undefined> {
  try {
    const rows = await sequelize.query<{ version: string }>('SELECT version FROM bench_meta', {
      type: QueryTypes.SELECT,
    });

    return rows[0]?.version;
  } catch {
    return undefined; // no such table: nothing generated yet
  }
}

/** `CASE <expr> WHEN 0 THEN 'a' WHEN 1 THEN 'b' … END` over a list of words. */
function pick(words: readonly string[], hash: string): string {
  const branches = words.map((word, index) => `WHEN ${index} THEN '${word}'`).join(' ');

  return `CASE ${hash} % ${words.length} ${branches} END`;
}

/** A deterministic 32-bit hash of the row number `n` (Knuth's multiplicative hash, salted). */
function hash(salt: number): string {
  return `(((n + ${salt}) * 2654435761) % 4294967296)`;
}

function statements(dialect: 'sqlite' | 'postgres', size: DatasetSize): string[] {
  const pg = dialect === 'postgres';
  const serial = pg ? 'INTEGER PRIMARY KEY' : 'INTEGER PRIMARY KEY AUTOINCREMENT';
  const timestamp = pg ? 'TIMESTAMP WITH TIME ZONE' : 'DATETIME';
  const date = (salt: number) =>
    pg
      ? `TO_TIMESTAMP(${EPOCH} + ${hash(salt)} % ${SPAN})`
      : `STRFTIME('%Y-%m-%d %H:%M:%S', ${EPOCH} + ${hash(salt)} % ${SPAN}, 'unixepoch') || '.000 +00:00'`;
  const series = (count: number) =>
    pg
      ? `FROM GENERATE_SERIES(1, ${count}) AS s(n)`
      : `FROM (WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${count}) SELECT n FROM s)`;
  const identity = (table: string, count: number) =>
    pg
      ? [
          `CREATE SEQUENCE ${table}_id_seq OWNED BY ${table}.id`,
          `ALTER TABLE ${table} ALTER COLUMN id SET DEFAULT NEXTVAL('${table}_id_seq')`,
          `SELECT SETVAL('${table}_id_seq', ${count})`,
        ]
      : [];

  return [
    'DROP TABLE IF EXISTS bench_meta',
    'DROP TABLE IF EXISTS order_items',
    'DROP TABLE IF EXISTS orders',
    'DROP TABLE IF EXISTS customers',
    'CREATE TABLE bench_meta (version VARCHAR(64) NOT NULL)',
    `CREATE TABLE customers (id ${serial}, first_name VARCHAR(255) NOT NULL,
       last_name VARCHAR(255) NOT NULL, email VARCHAR(255) NOT NULL, city VARCHAR(255),
       is_vip BOOLEAN NOT NULL, created_at ${timestamp} NOT NULL)`,
    `CREATE TABLE orders (id ${serial}, customer_id INTEGER NOT NULL REFERENCES customers (id),
       status VARCHAR(255) NOT NULL, amount INTEGER NOT NULL, ordered_at ${timestamp} NOT NULL)`,
    `CREATE TABLE order_items (id ${serial}, order_id INTEGER NOT NULL REFERENCES orders (id),
       product VARCHAR(255) NOT NULL, quantity INTEGER NOT NULL, unit_price INTEGER NOT NULL)`,
    `INSERT INTO customers (id, first_name, last_name, email, city, is_vip, created_at)
       SELECT n, ${pick(FIRST_NAMES, hash(1))}, ${pick(LAST_NAMES, hash(2))},
         'customer' || n || '@example.com',
         CASE WHEN n % 11 = 0 THEN NULL ELSE ${pick(CITIES, hash(3))} END,
         ${pg ? `${hash(4)} % 10 = 0` : `CASE WHEN ${hash(4)} % 10 = 0 THEN 1 ELSE 0 END`},
         ${date(5)}
       ${series(size.customers)}`,
    `INSERT INTO orders (id, customer_id, status, amount, ordered_at)
       SELECT n, ${hash(6)} % ${size.customers} + 1, ${pick(STATUSES, hash(7))},
         ${hash(8)} % 100000, ${date(9)}
       ${series(size.orders)}`,
    `INSERT INTO order_items (id, order_id, product, quantity, unit_price)
       SELECT n, (n - 1) / 2 + 1, ${pick(PRODUCTS, hash(10))}, n % 5 + 1, ${hash(11)} % 10000
       ${series(size.orderItems)}`,
    'CREATE INDEX orders_customer_id ON orders (customer_id)',
    'CREATE INDEX order_items_order_id ON order_items (order_id)',
    ...identity('customers', size.customers),
    ...identity('orders', size.orders),
    ...identity('order_items', size.orderItems),
    pg ? 'ANALYZE customers, orders, order_items' : 'ANALYZE',
  ];
}

/** True when a SQLite dataset file exists (the runner reports generation time otherwise). */
export function datasetExists(storage: string): boolean {
  return existsSync(storage);
}
