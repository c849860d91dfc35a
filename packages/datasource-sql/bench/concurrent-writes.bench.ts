/**
 * Concurrent writes on one SQL data source: a lone create, ten parallel creates, then a few
 * seconds of load from ten concurrent writers (creates, then updates), with throughput and
 * latency percentiles. SQLite always; PostgreSQL and MariaDB when their URLs are set.
 *
 * Run: `npx jest -c bench/jest.config.js` (BENCH_SECONDS=3 by default).
 */
import { performance } from 'node:perf_hooks';
import { ConditionTreeLeaf, Filter, type Caller, type Collection } from '@grove/datasource-toolkit';
import { createSqlDataSource, type SqlDataSource } from '../src';
import { testConnections } from '../test/helpers/connections';
import { createScratchDatabase, type ScratchDatabase } from '../test/helpers/scratch-database';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const caller = { id: 1, timezone: 'UTC' } as unknown as Caller;
const connections = testConnections.filter(c => c.url && c.dialect !== 'mysql');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function load(
  concurrency: number,
  write: (i: number) => Promise<unknown>,
): Promise<{ count: number; perSecond: number; p50: number; p99: number; max: number }> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  let next = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      await write(next++);
      latencies.push(performance.now() - start);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);

  return {
    count: latencies.length,
    perSecond: Math.round(latencies.length / elapsed),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    max: Math.round(latencies[latencies.length - 1] ?? NaN),
  };
}

describe.each(connections)('concurrent writes on $name', connection => {
  let scratch: ScratchDatabase;
  let dataSource: SqlDataSource;
  let customers: Collection;
  const table = `bench_customers_${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    scratch = await createScratchDatabase(connection);
    const serial = connection.dialect === 'postgres' ? 'SERIAL' : 'INTEGER';
    const auto =
      connection.dialect === 'sqlite'
        ? 'PRIMARY KEY AUTOINCREMENT'
        : connection.dialect === 'postgres'
          ? 'PRIMARY KEY'
          : 'PRIMARY KEY AUTO_INCREMENT';
    await scratch.sequelize.query(
      `CREATE TABLE ${scratch.schema ? `"${scratch.schema}".` : ''}${table} (id ${serial} ${auto}, name VARCHAR(50) NOT NULL, city VARCHAR(50))`,
    );
    const factory = createSqlDataSource({ ...scratch.options, dialect: connection.dialect });
    dataSource = (await factory(
      () => undefined,
      async () => undefined,
    )) as SqlDataSource;
    customers = dataSource.getCollection(table);
  });

  afterAll(async () => {
    await dataSource.close();
    await scratch.drop();
  });

  test('measures', async () => {
    const results: Record<string, unknown> = {};
    let start = performance.now();
    await customers.create(caller, [{ name: 'alone', city: 'Paris' }]);
    results['one create (ms)'] = Math.round(performance.now() - start);

    start = performance.now();
    const each = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const t = performance.now();
        await customers.create(caller, [{ name: `parallel ${i}`, city: 'Lyon' }]);

        return Math.round(performance.now() - t);
      }),
    );
    results['10 parallel creates, total (ms)'] = Math.round(performance.now() - start);
    results['10 parallel creates, slowest (ms)'] = Math.max(...each);

    results['creates under 10 writers'] = await load(10, i =>
      customers.create(caller, [{ name: `load ${i}`, city: 'Nice' }]),
    );
    results['updates under 10 writers'] = await load(10, i =>
      customers.update(
        caller,
        new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', (i % 50) + 1) }),
        { city: `City ${i}` },
      ),
    );
    console.log(`${connection.name}\n${JSON.stringify(results, null, 2)}`);
  });
});
