import { Sequelize } from 'sequelize';
import { createDirectRead } from '../../src/connection/direct-read';

type Callback = (error: (Error & { code?: string }) | null, result: unknown) => void;

/** A Sequelize instance (never connected) whose pool hands out `connection`. */
function poolOf(dialect: 'sqlite' | 'postgres', connection: object) {
  const sequelize = new Sequelize({ dialect, logging: false });
  const released: unknown[] = [];
  Object.assign(sequelize.connectionManager, {
    getConnection: () => Promise.resolve(connection),
    releaseConnection: (c: unknown) => {
      released.push(c);

      return Promise.resolve();
    },
  });

  return { sequelize, released };
}

describe('createDirectRead: what the driver receives', () => {
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
    const read = createDirectRead(sequelize, 'sqlite', (_, message) => logged.push(message));

    const rows = await read?.(' SELECT "$$x" FROM t WHERE a = $1 AND b = $2 ', [
      9007199254740993n,
      "o'k",
    ]);

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
    const read = createDirectRead(sequelize, 'postgres');

    await read?.('SELECT "$$x" FROM t WHERE a = $1', ['v']);
    await read?.('SELECT "$$x" FROM t', []);

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
          Object.assign(new Error(sql), sql.includes('broken') ? {} : { code: '42P01' }),
          undefined,
        ),
    };
    const { sequelize } = poolOf('postgres', client);
    const read = createDirectRead(sequelize, 'postgres');

    await expect(read?.('SELECT refused', [])).rejects.toThrow('SELECT refused');
    expect(client._invalid).toBeUndefined();
    await expect(read?.('SELECT broken', [])).rejects.toThrow('SELECT broken');
    expect(client._invalid).toBe(true);
    await sequelize.close();
  });

  it.each(['mysql', 'mariadb'] as const)('%s: none (reads go through Sequelize)', dialect => {
    expect(createDirectRead({} as Sequelize, dialect)).toBeNull();
  });
});
