import { QueryTypes } from 'sequelize';
import { type SqlDataSource, type SqlDialectName } from '../src';
import { openSqlDataSource } from './helpers/open-data-source';
import { availableConnections } from './helpers/connections';
import { createScratchDatabase, type ScratchDatabase } from './helpers/scratch-database';

const connections = availableConnections();

type Family = 'postgres' | 'mysql' | 'sqlite';
const familyOf = (dialect: SqlDialectName): Family => (dialect === 'mariadb' ? 'mysql' : dialect);

/** Statements that write, or try to, through a native query; each must leave `orders` as is. */
const attacks: Record<Family | 'all', readonly string[]> = {
  all: [
    'DELETE FROM orders',
    'UPDATE orders SET amount = 0',
    'INSERT INTO orders (id, amount) VALUES (99, 1)',
    'DROP TABLE orders',
    'SELECT 1 AS value; DELETE FROM orders',
    'SELECT 1 AS value; DELETE FROM orders; --',
    '/* a comment */ DELETE FROM orders',
    '-- a comment\nDELETE FROM orders',
    'CREATE TABLE grove_created (id INTEGER)',
  ],
  postgres: [
    "SELECT '\\' AS value; DELETE FROM orders; -- '",
    "WITH x AS (SELECT '\\') DELETE FROM orders RETURNING 1 AS value",
    'WITH d AS (DELETE FROM orders RETURNING id) SELECT COUNT(*) AS value FROM d',
    'SELECT $t$ ; $t$ AS value; DELETE FROM orders',
    "SELECT $$ ' $$ AS value; DELETE FROM orders; -- '",
    'SELECT * INTO grove_created FROM orders',
    'SELECT 1) AS a; COMMIT; DELETE FROM orders; SELECT * FROM (SELECT 1',
    'COMMIT',
    "COPY (SELECT 1) TO PROGRAM 'true'",
    "SELECT nextval('grove_seq')",
    "SELECT setval('grove_seq', 100)",
    'SELECT grove_write() AS value',
    'DO $$ BEGIN DELETE FROM orders; END $$',
    'CALL grove_purge()',
  ],
  mysql: [
    "SELECT '\\'' AS value; DELETE FROM orders; -- '",
    'SELECT 1 AS value; COMMIT; DELETE FROM orders',
    'TRUNCATE orders',
    'SELECT grove_write() AS value',
    'CALL grove_purge()',
    'CREATE TEMPORARY TABLE grove_temp AS SELECT * FROM orders',
    'LOCK TABLES orders WRITE',
  ],
  sqlite: [
    "SELECT '\\' AS value; DELETE FROM orders; -- '",
    "WITH x AS (SELECT '\\') DELETE FROM orders RETURNING 1 AS value",
    'WITH d AS (SELECT 1) DELETE FROM orders',
    'SELECT $t$ ; $t$ AS value; DELETE FROM orders',
    'PRAGMA query_only = OFF',
    "ATTACH DATABASE '/tmp/grove-native-attached.sqlite' AS other",
    "VACUUM INTO '/tmp/grove-native-vacuum.sqlite'",
    'SELECT 1 AS value;; DELETE FROM orders',
    ';DELETE FROM orders',
  ],
};

/** Schema objects the attacks aim at: a sequence, a function and a procedure that write. */
function setupStatements(family: Family, q: string): string[] {
  const table = `CREATE TABLE ${q}orders (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL)`;
  const rows = `INSERT INTO ${q}orders (id, amount) VALUES (1, 10), (2, 20), (3, 30)`;
  if (family === 'postgres') {
    return [
      table,
      rows,
      `CREATE SEQUENCE ${q}grove_seq`,
      `CREATE FUNCTION ${q}grove_write() RETURNS INTEGER VOLATILE LANGUAGE plpgsql AS $$ BEGIN INSERT INTO ${q}orders (id, amount) VALUES (99, 1); RETURN 1; END $$`,
      `CREATE PROCEDURE ${q}grove_purge() LANGUAGE plpgsql AS $$ BEGIN COMMIT; DELETE FROM ${q}orders; END $$`,
    ];
  }
  if (family === 'mysql') {
    return [
      table,
      rows,
      'CREATE FUNCTION grove_write() RETURNS INTEGER MODIFIES SQL DATA BEGIN INSERT INTO orders (id, amount) VALUES (99, 1); RETURN 1; END',
      'CREATE PROCEDURE grove_purge() MODIFIES SQL DATA BEGIN COMMIT; DELETE FROM orders; END',
    ];
  }

  return [table, rows];
}

describe.each(connections)('$name: native queries are read-only by construction', connection => {
  const family = familyOf(connection.dialect);
  let scratch: ScratchDatabase;
  let dataSource: SqlDataSource;
  const q = () => (scratch.schema ? `"${scratch.schema}".` : '');
  const select = async (sql: string) =>
    scratch.sequelize.query<Record<string, unknown>>(sql, { type: QueryTypes.SELECT });
  const ordersState = async () =>
    (await select(`SELECT id, amount FROM ${q()}orders ORDER BY id`)).map(row => ({
      id: Number(row.id),
      amount: Number(row.amount),
    }));
  const initialOrders = [
    { id: 1, amount: 10 },
    { id: 2, amount: 20 },
    { id: 3, amount: 30 },
  ];

  beforeAll(async () => {
    scratch = await createScratchDatabase(connection);
    for (const statement of setupStatements(family, q())) await scratch.sequelize.query(statement);
    dataSource = await openSqlDataSource(
      { ...scratch.options, dialect: connection.dialect },
      { liveQueryConnections: 'main', nativeQueryTimeoutMs: 500 },
    );
  }, 60_000);
  afterAll(async () => {
    await dataSource?.close();
    await scratch?.drop();
  });

  it('reads rows in the order of the query, with bound parameters', async () => {
    await expect(
      dataSource.executeNativeQuery(
        'main',
        'SELECT id, amount FROM orders WHERE amount > {{ min }} ORDER BY amount DESC;',
        { min: 10 },
      ),
    ).resolves.toEqual([
      { id: 3, amount: 30 },
      { id: 2, amount: 20 },
    ]);
  });

  it.each([...attacks.all, ...attacks[family]])('refuses %j and writes nothing', async sql => {
    await expect(dataSource.executeNativeQuery('main', sql)).rejects.toThrow();
    expect(await ordersState()).toEqual(initialOrders);
  });

  it('leaves no table created by an attack', async () => {
    const tables =
      family === 'sqlite'
        ? await select("SELECT name FROM sqlite_master WHERE name LIKE 'grove_%'")
        : family === 'postgres'
          ? await select(
              `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = '${scratch.schema}' AND table_name LIKE 'grove_%'`,
            )
          : await select("SHOW TABLES LIKE 'grove_%'");
    expect(tables).toEqual([]);
  });

  it('stops a statement after nativeQueryTimeoutMs', async () => {
    const slow = {
      postgres: 'SELECT pg_sleep(30) AS value',
      mysql: 'SELECT COUNT(*) AS value FROM orders a, orders b WHERE SLEEP(10) = 0',
      sqlite:
        'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) AS value FROM c',
    }[family];
    await expect(dataSource.executeNativeQuery('main', slow)).rejects.toMatchObject({
      code: 'UnprocessableError',
      message: 'The native query was stopped after 500 ms (nativeQueryTimeoutMs)',
    });
  });

  if (family === 'postgres') {
    it('leaves the sequence as it was and releases session-level locks', async () => {
      expect(await select(`SELECT last_value AS value FROM ${q()}grove_seq`)).toEqual([
        { value: '1' },
      ]);
      await dataSource.executeNativeQuery('main', 'SELECT pg_advisory_lock(4242) AS value');
      expect(await select('SELECT pg_try_advisory_lock(4242) AS value')).toEqual([{ value: true }]);
      await select('SELECT pg_advisory_unlock(4242)');
    });

    it('refuses several statements with the extended protocol, even without parameters', async () => {
      await expect(
        dataSource.executeNativeQuery('main', 'SELECT 1) AS a; SELECT (2'),
      ).rejects.toThrow('cannot insert multiple commands into a prepared statement');
    });
  }
});

describe('SQLite in memory: native queries on the single connection', () => {
  let dataSource: SqlDataSource;
  const count = async () => dataSource.connection.select('SELECT COUNT(*) AS value FROM orders');

  beforeAll(async () => {
    dataSource = await openSqlDataSource(
      { dialect: 'sqlite' },
      { liveQueryConnections: 'main', nativeQueryTimeoutMs: 500 },
    );
    await dataSource.connection.run('CREATE TABLE orders (id INTEGER PRIMARY KEY, amount INTEGER)');
    await dataSource.connection.run('INSERT INTO orders (id, amount) VALUES (1, 10), (2, 20)');
  });
  afterAll(() => dataSource?.close());

  it.each([...attacks.all, ...attacks.sqlite])('refuses %j and writes nothing', async sql => {
    await expect(dataSource.executeNativeQuery('main', sql)).rejects.toThrow();
    expect(await count()).toEqual([{ value: 2 }]);
  });

  it('reads, then lets the data source write again', async () => {
    await expect(
      dataSource.executeNativeQuery('main', 'SELECT SUM(amount) AS value FROM orders'),
    ).resolves.toEqual([{ value: 30 }]);
    await dataSource.connection.run('INSERT INTO orders (id, amount) VALUES (3, 30)');
    expect(await count()).toEqual([{ value: 3 }]);
    await dataSource.connection.run('DELETE FROM orders WHERE id = 3');
  });

  it('refuses a write of the data source only while a native query runs, never after', async () => {
    const reads = Array.from({ length: 5 }, () =>
      dataSource.executeNativeQuery('main', 'SELECT COUNT(*) AS value FROM orders'),
    );
    await expect(Promise.all(reads)).resolves.toEqual(Array(5).fill([{ value: 2 }]));
    await dataSource.connection.run('UPDATE orders SET amount = amount WHERE id = 1');
  });
});
