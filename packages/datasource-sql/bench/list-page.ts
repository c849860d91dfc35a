// Measures a list page of 15 customers sorted by id on 100k rows, on PostgreSQL: the query Grove
// emits now (`ORDER BY id ASC`, read through the primary key's index) against the one it emitted
// before (`ORDER BY id ASC NULLS FIRST`, a sequential scan and a sort of every row).
//
//   cd packages/datasource-sql && POSTGRES_URL=postgres://… node -r ./bench/register.cjs bench/list-page.ts
import { Page, PaginatedFilter, Projection, Sort, type Caller } from '@grove/datasource-toolkit';
import { createSqlDataSource, type SqlDataSource } from '../src';
import { buildSelect } from '../src/sql/build-select';
import { createDialect } from '../src/sql/create-dialect';
import { seedShop } from '../test/helpers/seed-shop';

const url = process.env.POSTGRES_URL;
const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 200);
const caller = { timezone: 'UTC' } as Caller;

/** Runs `work` sequentially after a warm-up and returns the time per run in milliseconds. */
async function measure(work: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i += 1) await work();
  const times: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const start = process.hrtime.bigint();
    await work();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }

  return times.sort((a, b) => a - b);
}

function summary(name: string, times: number[]): string {
  const at = (q: number) => (times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(3);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;

  return `${name.padEnd(44)} median ${at(0.5)} ms  p95 ${at(0.95)} ms  ${(1000 / mean).toFixed(0)} pages/s`;
}

async function main(): Promise<void> {
  if (!url) throw new Error('Set POSTGRES_URL to run this benchmark.');
  const scratch = await seedShop({ name: 'PostgreSQL', dialect: 'postgres', url }, rows);
  const factory = createSqlDataSource({ ...scratch.options, dialect: 'postgres' });
  const dataSource = (await factory(
    () => undefined,
    async () => undefined,
  )) as SqlDataSource;
  try {
    const filter = new PaginatedFilter({
      sort: new Sort({ field: 'id', ascending: true }),
      page: new Page(0, 15),
    });
    const projection = new Projection('id', 'name', 'city');
    const query = buildSelect(
      dataSource,
      createDialect(dataSource.connection),
      'customers',
      filter,
      projection,
    );
    const before = query.sql.replace(/ ASC LIMIT/, ' ASC NULLS FIRST LIMIT');
    console.log(`${rows} customers, ${iterations} sequential pages of 15 after 20 warm-up pages`);
    console.log(`now:    ${query.sql}\nbefore: ${before}\n`);
    const customers = dataSource.getCollection('customers');
    console.log(
      summary(
        'before: ORDER BY id ASC NULLS FIRST',
        await measure(() => dataSource.connection.select(before)),
      ),
    );
    console.log(
      summary(
        'now: ORDER BY id ASC (collection.list)',
        await measure(() => customers.list(caller, filter, projection)),
      ),
    );
  } finally {
    await dataSource.close();
    await scratch.drop();
  }
}

main().catch(error => {
  console.error(error);
  process.exitCode = 1;
});
