import { Sequelize } from 'sequelize';
import { createDirectStatement, isDatabaseRefusal } from '../../src/connection/direct-statement';

type Callback = (error: (Error & { code?: string }) | null, result: unknown) => void;

/** A Sequelize instance (never connected) whose pool hands out `connection`. */
function poolOf(dialect: 'sqlite' | 'postgres', connection: object) {
  const sequelize = new Sequelize({ dialect, logging: false });
  const released: unknown[] = [];
  const asked: unknown[] = [];
  Object.assign(sequelize.connectionManager, {
    getConnection: (options: unknown) => {
      asked.push(options);

      return Promise.resolve(connection);
    },
    releaseConnection: (c: unknown) => {
      released.push(c);

      return Promise.resolve();
    },
  });

  return { sequelize, released, asked };
}

describe('createDirectStatement: what the driver receives', () => {
  it('sqlite: named `$n` values, bigints as text, `$$` read as `$`', async () => {
    const calls: Array<[string, unknown]> = [];
    const database = {
      serialize: (work: () => void) => work(),
      all: (sql: string, parameters: unknown, done: Callback) => {
        calls.push([sql, parameters]);
        done(null, [{ a: 1 }]);
      },
    };
    const { sequelize, released } = poolOf('sqlite', database);
    const logged: string[] = [];
    const direct = createDirectStatement(sequelize, 'sqlite', (_, message) => logged.push(message));

    const rows = await direct?.(
      ' SELECT "$$x" FROM t WHERE a = $1 AND b = $2 ',
      [9007199254740993n, "o'k"],
      'read',
    );

    expect(rows).toEqual([{ a: 1 }]);
    expect(calls).toEqual([
      ['SELECT "$x" FROM t WHERE a = $1 AND b = $2', { $1: '9007199254740993', $2: "o'k" }],
    ]);
    expect(logged).toEqual(['SELECT "$x" FROM t WHERE a = $1 AND b = $2']);
    expect(released).toEqual([database]);
    await sequelize.close();
  });

  it('postgres: positional values, none at all without values', async () => {
    const calls: Array<[string, unknown]> = [];
    const client = {
      query: (sql: string, parameters: unknown, done: Callback) => {
        calls.push([sql, parameters]);
        done(null, { rows: [] });
      },
    };
    const { sequelize } = poolOf('postgres', client);
    const direct = createDirectStatement(sequelize, 'postgres');

    await direct?.('SELECT "$$x" FROM t WHERE a = $1', ['v'], 'read');
    await direct?.('SELECT "$$x" FROM t', [], 'read');

    expect(calls).toEqual([
      ['SELECT "$x" FROM t WHERE a = $1', ['v']],
      ['SELECT "$x" FROM t', undefined],
    ]);
    await sequelize.close();
  });

  it('postgres: a failure without SQLSTATE marks the connection unusable, a refusal does not', async () => {
    const client: { _invalid?: boolean; query: (s: string, p: unknown, d: Callback) => void } = {
      query: (sql, _, done) =>
        done(
          Object.assign(
            new Error(sql),
            sql.includes('broken') ? { code: 'EPIPE' } : { code: '42P01', severity: 'ERROR' },
          ),
          undefined,
        ),
    };
    const { sequelize } = poolOf('postgres', client);
    const direct = createDirectStatement(sequelize, 'postgres');

    await expect(direct?.('SELECT refused', [], 'read')).rejects.toThrow('SELECT refused');
    expect(client._invalid).toBeUndefined();
    await expect(direct?.('SELECT broken', [], 'read')).rejects.toThrow('SELECT broken');
    expect(client._invalid).toBe(true);
    await sequelize.close();
  });

  it.each(['sqlite', 'postgres'] as const)(
    '%s: a write asks the pool for a raw query, a read for a SELECT',
    async dialect => {
      const connection =
        dialect === 'sqlite'
          ? {
              serialize: (work: () => void) => work(),
              all: (_: string, __: unknown, done: Callback) => done(null, [{ id: 7 }]),
            }
          : {
              query: (_: string, __: unknown, done: Callback) => done(null, { rows: [{ id: 7 }] }),
            };
      const { sequelize, asked, released } = poolOf(dialect, connection);
      const direct = createDirectStatement(sequelize, dialect);

      expect(await direct?.('INSERT INTO t (a) VALUES ($1) RETURNING id', [1], 'write')).toEqual([
        { id: 7 },
      ]);
      await direct?.('SELECT 1', [], 'read');
      expect(asked).toEqual([{ type: 'RAW' }, { type: 'SELECT' }]);
      expect(released).toEqual([connection, connection]);
      await sequelize.close();
    },
  );

  it.each(['mysql', 'mariadb'] as const)('%s: none (statements go through Sequelize)', dialect => {
    expect(createDirectStatement({} as Sequelize, dialect)).toBeNull();
  });
});

describe('isDatabaseRefusal: may a failed direct statement run again?', () => {
  it.each([
    ['a PostgreSQL error message', true, { code: '23505', severity: 'ERROR' }],
    ['a SQLite result code', true, { code: 'SQLITE_CONSTRAINT', errno: 19 }],
    ['SQLITE_BUSY (the lock was not taken: nothing written)', true, { code: 'SQLITE_BUSY' }],
    ['a socket error shaped like a SQLSTATE', false, { code: 'EPIPE' }],
    ['a reset connection', false, { code: 'ECONNRESET' }],
    ['a timeout without a code', false, {}],
  ] as const)('%s: %s', (_case, expected, fields) => {
    expect(isDatabaseRefusal(Object.assign(new Error('failed'), fields))).toBe(expected);
  });

  it('nothing thrown at all is no refusal', () => {
    expect(isDatabaseRefusal(undefined)).toBe(false);
  });
});
