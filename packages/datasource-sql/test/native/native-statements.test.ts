import type { Sequelize } from 'sequelize';
import type { PostgresPool } from '../../src/connection/postgres-pool';
import { runMysqlNativeQuery } from '../../src/native/run-mysql-native-query';
import { runPostgresNativeQuery } from '../../src/native/run-postgres-native-query';

/** A pool whose one connection records what it is sent (nothing is connected). */
function recordingPool() {
  const sent: unknown[] = [];
  const connection = {
    query: (statement: unknown) => {
      sent.push(statement);

      return Promise.resolve({ rows: [{ one: 1 }] });
    },
  };
  const destroyed: unknown[] = [];
  const logged: string[] = [];
  const queries: Array<[string, Record<string, unknown>]> = [];
  const sequelize = {
    options: { logging: (sql: string) => logged.push(sql) },
    connectionManager: {
      getConnection: () => Promise.resolve(connection),
      destroyConnection: (c: unknown) => {
        destroyed.push(c);

        return Promise.resolve();
      },
    },
    // The MySQL runner goes through Sequelize on the connection it took.
    query: (sql: string, options: Record<string, unknown>) => {
      queries.push([sql, options]);

      return Promise.resolve([{ one: 1 }]);
    },
  } as unknown as Sequelize;
  // The PostgreSQL runner takes a dedicated client of the driver's pool, destroyed afterwards.
  const driverPool = {
    withDedicatedClient: async (work: (client: unknown) => Promise<unknown>) => {
      try {
        return await work(connection);
      } finally {
        destroyed.push(connection);
      }
    },
    log: (sql: string) => logged.push(sql),
  } as unknown as PostgresPool;

  return {
    pool: { sequelize, driverPool },
    sequelize,
    connection,
    sent,
    destroyed,
    logged,
    queries,
  };
}

describe('runPostgresNativeQuery: the statements sent', () => {
  it('a read-only transaction, a local timeout, the query wrapped, then a rollback', async () => {
    const pool = recordingPool();
    const rows = await runPostgresNativeQuery({
      connection: pool.pool,
      sql: 'SELECT id FROM orders WHERE owner = $1 -- mine ;\n ;; ',
      bind: [7],
      timeoutMs: 1500.7,
      isMariaDbServer: false,
    });

    const text =
      'SELECT * FROM (\nSELECT id FROM orders WHERE owner = $1 -- mine\n) AS grove_native_query';
    expect(rows).toEqual([{ one: 1 }]);
    expect(pool.sent).toEqual([
      'BEGIN TRANSACTION READ ONLY',
      'SET LOCAL statement_timeout = 1500',
      { text, values: [7], queryMode: 'extended' },
      'ROLLBACK',
    ]);
    expect(pool.logged).toEqual([text]);
    // Nothing session-level survives: the connection is destroyed, not released.
    expect(pool.destroyed).toEqual([pool.connection]);
  });

  it('a timeout below a millisecond is one millisecond (0 would mean none)', async () => {
    const pool = recordingPool();
    await runPostgresNativeQuery({
      connection: pool.pool,
      sql: 'SELECT 1',
      bind: [],
      timeoutMs: 0.2,
      isMariaDbServer: false,
    });

    expect(pool.sent[1]).toBe('SET LOCAL statement_timeout = 1');
  });
});

describe('runMysqlNativeQuery: the statements sent', () => {
  it.each([
    [true, 'SET SESSION max_statement_time = 1.5'],
    [false, 'SET SESSION max_execution_time = 1500'],
  ])('MariaDB server: %s', async (isMariaDbServer, timeout) => {
    const pool = recordingPool();
    await runMysqlNativeQuery({
      connection: pool.pool,
      sql: 'SELECT id FROM orders WHERE owner = $1',
      bind: [7],
      timeoutMs: 1500,
      isMariaDbServer,
    });

    const onConnection = { transaction: { connection: pool.connection } };
    expect(pool.queries).toEqual([
      [timeout, { ...onConnection, logging: false }],
      ['SET SESSION TRANSACTION READ ONLY', { ...onConnection, logging: false }],
      ['START TRANSACTION READ ONLY', { ...onConnection, logging: false }],
      ['SELECT id FROM orders WHERE owner = $1', { ...onConnection, type: 'SELECT', bind: [7] }],
      ['ROLLBACK', { ...onConnection, logging: false }],
    ]);
    expect(pool.destroyed).toEqual([pool.connection]);
  });

  it('a query without variables is still formatted, so that `$$` reads as `$`', async () => {
    const pool = recordingPool();
    await runMysqlNativeQuery({
      connection: pool.pool,
      sql: "SELECT 'a $$b' AS a",
      bind: [],
      timeoutMs: 1000,
      isMariaDbServer: true,
    });

    expect(pool.queries[3]?.[1]).toMatchObject({ bind: [] });
  });
});
