import { QueryTypes } from 'sequelize';
import type { Logger } from '@grove/datasource-toolkit';
import { SqlConnection } from '../../src/connection/sql-connection';
import { resolveConnectionOptions } from '../../src/connection/resolve-connection-options';
import { availableConnections } from '../helpers/connections';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database';

const connections = availableConnections();

describe.each(connections)('$name: reads outside transactions', connection => {
  let scratch: ScratchDatabase;
  let sql: SqlConnection;
  const logged: string[] = [];
  const logger: Logger = (level, message) => {
    if (level === 'Debug') logged.push(message);
  };
  const table = () => (scratch.schema ? `"${scratch.schema}".items` : 'items');

  beforeAll(async () => {
    scratch = await createScratchDatabase(connection);
    if (connection.dialect === 'mysql' || connection.dialect === 'mariadb') {
      await scratch.sequelize.query(
        'CREATE TABLE items (id INTEGER PRIMARY KEY, label VARCHAR(20), created_at DATETIME)',
      );
    } else {
      await scratch.sequelize.query(
        `CREATE TABLE ${table()} (id INTEGER PRIMARY KEY, label VARCHAR(20), created_at TIMESTAMP)`,
      );
    }
    await scratch.sequelize.query(
      `INSERT INTO ${table().replace(/"/g, connection.dialect.startsWith('m') ? '`' : '"')} (id, label, created_at) VALUES (1, 'a$b', '2024-01-02 03:04:05'), (2, 'b', NULL), (3, NULL, NULL)`,
    );
    sql = await SqlConnection.open(resolveConnectionOptions(scratch.options), logger);
  }, 60_000);
  afterAll(async () => {
    await sql?.close();
    await scratch?.drop();
  });
  beforeEach(() => {
    logged.length = 0;
  });

  const viaSequelize = (query: string, bind: unknown[]) =>
    sql.sequelize.query(query, { type: QueryTypes.SELECT, ...(bind.length ? { bind } : {}) });

  it.each([
    ['no bound value', 'SELECT id, label, created_at FROM items ORDER BY id', []],
    [
      'values bound out of order',
      'SELECT id FROM items WHERE id > $2 AND id < $1 ORDER BY id',
      [3, 1],
    ],
    ['a bound text holding a dollar', 'SELECT id FROM items WHERE label = $1', ['a$b']],
    ['a bound bigint', 'SELECT id FROM items WHERE id = $1', [BigInt(2)]],
  ])('answers %s as Sequelize does', async (_case, query, bind) => {
    const text = connection.dialect === 'postgres' ? query.replace('items', table()) : query;

    expect(await sql.select(text, bind)).toEqual(await viaSequelize(text, bind));
  });

  it('reads through the driver directly on SQLite and PostgreSQL only', async () => {
    const spy = jest.spyOn(sql.sequelize, 'query');
    try {
      await sql.select(connection.dialect === 'postgres' ? `SELECT 1 FROM ${table()}` : 'SELECT 1');

      expect(spy).toHaveBeenCalledTimes(
        ['sqlite', 'postgres'].includes(connection.dialect) ? 0 : 1,
      );
    } finally {
      spy.mockRestore();
    }
  });

  it('logs the statement at Debug level, once', async () => {
    const text =
      connection.dialect === 'postgres' ? `SELECT id FROM ${table()}` : 'SELECT id FROM items';
    await sql.select(text, []);

    expect(logged).toEqual([text]);
  });

  it("fails with Sequelize's error for a statement the database refuses", async () => {
    const failure = await sql.select('SELECT nope FROM items', []).catch((error: unknown) => error);

    expect(failure).toEqual(expect.objectContaining({ name: 'SequelizeDatabaseError' }));
  });

  it('reads in the current transaction', async () => {
    const text = connection.dialect === 'postgres' ? table() : 'items';
    const seen = await sql
      .transaction(async () => {
        await sql.run(`DELETE FROM ${text} WHERE id = 3`);

        return sql.select(`SELECT id FROM ${text} ORDER BY id`);
      })
      .finally(() => undefined);
    await sql.run(`INSERT INTO ${text} (id) VALUES (3)`);

    expect(seen.map(row => Number(row.id))).toEqual([1, 2]);
  });
});
