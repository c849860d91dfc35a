import { QueryTypes } from 'sequelize';
import type { Logger } from '@grove/datasource-toolkit';
import { SqlConnection } from '../../src/connection/sql-connection';
import { resolveConnectionOptions } from '../../src/connection/resolve-connection-options';
import { availableConnections } from '../helpers/connections';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database';

const connections = availableConnections();

describe.each(connections)('$name: statements outside transactions', connection => {
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

  const direct = ['sqlite', 'postgres'].includes(connection.dialect);
  // Only the direct path can fail before Sequelize; MySQL has no RETURNING.
  const itDirect = direct ? it : it.skip;
  const name = () => (connection.dialect === 'postgres' ? table() : 'items');
  const labelOf = async (id: number) =>
    (await sql.select(`SELECT label FROM ${name()} WHERE id = $1`, [id]))[0]?.label;

  it('writes through the driver directly on SQLite and PostgreSQL only', async () => {
    const spy = jest.spyOn(sql.sequelize, 'query');
    try {
      await sql.run(`UPDATE ${name()} SET label = $1 WHERE id = $2`, ['b$', 2]);

      expect(spy).toHaveBeenCalledTimes(direct ? 0 : 1);
      expect(await labelOf(2)).toBe('b$');
    } finally {
      spy.mockRestore();
      await sql.run(`UPDATE ${name()} SET label = 'b' WHERE id = 2`);
    }
  });

  itDirect('answers the rows of an INSERT … RETURNING as Sequelize does', async () => {
    // The comment keeps Sequelize's SQLite query from taking it for a write without rows, as
    // buildInsert does.
    const insert = `/* returning */ INSERT INTO ${name()} (id, label, created_at) VALUES ($1, $2, $3) RETURNING id, label, created_at`;
    const at = new Date('2024-05-06T07:08:09.000Z');
    try {
      const directly = await sql.runReturning(insert, [20, 'x', at]);
      const viaSequelizeRows = await sql.sequelize.query(insert, {
        type: QueryTypes.SELECT,
        bind: [21, 'x', at],
      });

      expect(directly).toEqual(viaSequelizeRows.map(row => ({ ...row, id: 20 })));
      expect(logged[0]).toBe(insert);
    } finally {
      await sql.run(`DELETE FROM ${name()} WHERE id IN (20, 21)`);
    }
  });

  it("fails with Sequelize's error for a write the database refuses, and changes nothing", async () => {
    const before = await sql.select(`SELECT COUNT(*) AS n FROM ${name()}`);
    const failure = await sql
      .run(`INSERT INTO ${name()} (id, label) VALUES ($1, $2)`, [1, 'duplicate'])
      .catch((error: unknown) => error);

    expect(failure).toEqual(expect.objectContaining({ name: 'SequelizeUniqueConstraintError' }));
    expect(await sql.select(`SELECT COUNT(*) AS n FROM ${name()}`)).toEqual(before);
    expect(await labelOf(1)).toBe('a$b');
    // Run by the driver, refused, then run again by Sequelize for its error.
    expect(logged.filter(statement => statement.startsWith('INSERT'))).toHaveLength(direct ? 2 : 1);
  });

  itDirect(
    'never runs a write twice after a failure that is not the database’s answer',
    async () => {
      const lost = Object.assign(new Error('Connection terminated unexpectedly'), {
        code: 'ECONNRESET',
      });
      const manager = sql.sequelize.connectionManager as unknown as {
        getConnection(options: object): Promise<unknown>;
      };
      const acquire = jest.spyOn(manager, 'getConnection').mockRejectedValueOnce(lost);
      const spy = jest.spyOn(sql.sequelize, 'query');
      try {
        await expect(
          sql.run(`UPDATE ${name()} SET label = $1 WHERE id = $2`, ['lost', 3]),
        ).rejects.toBe(lost);
        expect(spy).not.toHaveBeenCalled();
        expect(await labelOf(3)).toBeNull();
      } finally {
        spy.mockRestore();
        acquire.mockRestore();
      }
    },
  );

  it('writes in the current transaction, undone with it', async () => {
    const spy = jest.spyOn(sql.sequelize, 'query');
    try {
      await sql
        .transaction(async () => {
          await sql.run(`UPDATE ${name()} SET label = $1 WHERE id = $2`, ['undone', 2]);
          throw new Error('roll back');
        })
        .catch(() => undefined);

      // BEGIN, the UPDATE and ROLLBACK go through Sequelize on the transaction's connection.
      expect(spy).toHaveBeenCalledWith(
        expect.stringContaining('UPDATE'),
        expect.objectContaining({ transaction: expect.anything() }),
      );
      expect(await labelOf(2)).toBe('b');
    } finally {
      spy.mockRestore();
    }
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
