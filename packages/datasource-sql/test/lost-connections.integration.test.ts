import { PaginatedFilter, Projection, type Caller } from '@grove/datasource-toolkit';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import type { SqlDataSource } from '../src';
import { openSqlDataSource } from './helpers/open-data-source';
import { availableConnections, uniqueName } from './helpers/connections';
import { createScratchDatabase, type ScratchDatabase } from './helpers/scratch-database';

// docs/decisions.md#d27-lost-database-connections: a connection the server cuts (a failover, a
// proxy restart, pg_terminate_backend, KILL) fails its statement with a 500, never the process.
const caller = { timezone: 'UTC' } as Caller;
const servers = availableConnections().filter(c => c.dialect !== 'sqlite');
const table = `lost_${Math.random().toString(36).slice(2, 8)}`;

describe.each(servers)('$name: a connection cut by the server', connection => {
  const postgres = connection.dialect === 'postgres';
  const applicationName = uniqueName();
  let scratch: ScratchDatabase;
  let dataSource: SqlDataSource;

  beforeAll(async () => {
    scratch = await createScratchDatabase(connection);
    const prefix = scratch.schema ? `"${scratch.schema}".` : '';
    const id = postgres ? 'SERIAL PRIMARY KEY' : 'INTEGER PRIMARY KEY AUTO_INCREMENT';
    await scratch.sequelize.query(`CREATE TABLE ${prefix}${table} (id ${id}, name VARCHAR(50))`);
    dataSource = await openSqlDataSource({
      ...scratch.options,
      dialect: connection.dialect,
      ...(postgres ? { dialectOptions: { application_name: applicationName } } : {}),
    });
  }, 60_000);
  afterAll(async () => {
    await dataSource?.close();
    await scratch?.drop();
  });

  const names = async (): Promise<unknown[]> =>
    (
      await dataSource
        .getCollection(table)
        .list(caller, new PaginatedFilter({}), new Projection('name'))
    ).map(row => row.name);
  const backendId = async (): Promise<number> => {
    const sql = postgres ? 'SELECT pg_backend_pid() AS id' : 'SELECT CONNECTION_ID() AS id';
    const [row] = await dataSource.connection.select(sql);

    return Number(row?.id);
  };
  /** Cuts a connection from another session, as a failover or an operator would. */
  const cut = async (id: number): Promise<void> => {
    await scratch.sequelize.query(postgres ? `SELECT pg_terminate_backend(${id})` : `KILL ${id}`, {
      type: QueryTypes.RAW,
    });
    // Until the server has closed it: the client learns of it while checked out, idle.
    const gone = postgres
      ? 'SELECT count(*) AS n FROM pg_stat_activity WHERE pid = $1'
      : 'SELECT count(*) AS n FROM information_schema.processlist WHERE id = $1';
    for (;;) {
      const [row] = await scratch.sequelize.query<{ n: string }>(gone, {
        bind: [id],
        type: QueryTypes.SELECT,
      });
      if (Number(row?.n) === 0) break;
    }
    await new Promise(resolve => setTimeout(resolve, 20));
  };

  it('fails the transaction it cut with a 500-coded error, applies nothing, serves the next', async () => {
    const before = await names();
    const collection = dataSource.getCollection(table);

    await expect(
      dataSource.transaction(async () => {
        await collection.create(caller, [{ name: 'cut-before' }]);
        await cut(await backendId());
        await collection.create(caller, [{ name: 'cut-after' }]);
      }),
    ).rejects.toMatchObject({ code: 'InternalServerError', message: 'Unexpected error' });

    expect(await names()).toEqual(before);
    await collection.create(caller, [{ name: 'served' }]);
    expect(await names()).toEqual([...before, 'served']);
  });

  it('runs a read outside a transaction again when its connection is cut while it runs', async () => {
    const marker = `grove_read_${Math.random().toString(36).slice(2, 8)}`;
    const read = dataSource.connection.select(
      postgres
        ? `SELECT pg_sleep(0.3)::text AS slept, '${marker}' AS marker`
        : `SELECT CAST(SLEEP(0.3) AS CHAR) AS slept, '${marker}' AS marker`,
    );
    // The connection running the read, found by its text, cut once while it sleeps.
    const running = postgres
      ? `SELECT pid FROM pg_stat_activity WHERE query LIKE '%' || $1 || '%' AND pid <> pg_backend_pid()`
      : `SELECT id AS pid FROM information_schema.processlist WHERE info LIKE CONCAT('%', $1, '%') AND id <> CONNECTION_ID()`;
    let pid: number | undefined;
    while (pid === undefined) {
      const [row] = await scratch.sequelize.query<{ pid: number }>(running, {
        bind: [marker],
        type: QueryTypes.SELECT,
      });
      pid = row?.pid;
    }
    await cut(pid);

    expect(await read).toEqual([{ slept: postgres ? '' : '0', marker }]);
  });

  it('serves again after every idle connection of the pool was cut', async () => {
    const collection = dataSource.getCollection(table);
    // Two clients in the pool: two transactions at once.
    await Promise.all([
      dataSource.transaction(() => backendId()),
      dataSource.transaction(() => backendId()),
    ]);
    if (postgres) {
      await scratch.sequelize.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        { bind: [applicationName], type: QueryTypes.RAW },
      );
      // Wait for the backends to be gone (the server has then sent each client its FATAL).
      for (;;) {
        const [row] = await scratch.sequelize.query<{ n: string }>(
          'SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1',
          { bind: [applicationName], type: QueryTypes.SELECT },
        );
        if (Number(row?.n) === 0) break;
      }
    } else {
      await cut(await backendId());
    }
    await new Promise(resolve => setImmediate(resolve));

    await collection.create(caller, [{ name: 'after-idle-cut' }]);
    expect(await dataSource.connection.select('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(await names()).toContain('after-idle-cut');
  });
});

describe.each(servers.filter(c => c.dialect === 'postgres'))(
  '$name: its own process',
  connection => {
    it('survives a connection cut inside a transaction, and serves the next statement', async () => {
      const child = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
        resolve => {
          const script = join(__dirname, 'helpers', 'cut-in-child.js');
          const env = { ...process.env, CUT_URL: connection.url };
          execFile(process.execPath, [script], { env }, (error, stdout, stderr) =>
            resolve({
              code: error ? ((error.code as number | undefined) ?? 1) : 0,
              stdout,
              stderr,
            }),
          );
        },
      );

      expect({ code: child.code, stderr: child.stderr.slice(0, 300) }).toEqual({
        code: 0,
        stderr: '',
      });
      expect(JSON.parse(child.stdout)).toEqual({
        done: true,
        transaction: expect.stringMatching(/terminat|not queryable/i),
        next: 2,
      });
    });
  },
);
