// Prints the SQL and the plan (EXPLAIN) of the queries behind a list page, a filter, a search,
// a related list and a count, on every database configured in the environment (SQLite always,
// POSTGRES_URL, MARIADB_URL/MYSQL_URL), over 100k customers and 100k orders.
//
//   cd packages/datasource-sql && POSTGRES_URL=… MARIADB_URL=… node -r ./bench/register.cjs bench/explain-plans.ts
import {
  Aggregation,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Filter,
  Page,
  PaginatedFilter,
  Projection,
  Sort,
} from '@grove/datasource-toolkit';
import { createSqlDataSource, type SqlDataSource } from '../src';
import { testConnections } from '../test/helpers/connections';
import { explainAggregate, explainList } from '../test/helpers/explain';
import { seedShop } from '../test/helpers/seed-shop';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const page = new Page(0, 15);
const byId = new Sort({ field: 'id', ascending: true });
const customer = new Projection('id', 'name', 'city');
const search = ConditionTreeFactory.union(
  new ConditionTreeLeaf('id', 'Equal', 4242),
  new ConditionTreeLeaf('name', 'IContains', '4242'),
  new ConditionTreeLeaf('city', 'IContains', '4242'),
);

const lists: Array<[string, string, PaginatedFilter, Projection]> = [
  ['list, sort id', 'customers', new PaginatedFilter({ sort: byId, page }), customer],
  [
    'list, sort -id',
    'customers',
    new PaginatedFilter({ sort: new Sort({ field: 'id', ascending: false }), page }),
    customer,
  ],
  [
    'list, sort city (nullable)',
    'customers',
    new PaginatedFilter({ sort: new Sort({ field: 'city', ascending: true }), page }),
    customer,
  ],
  [
    'filter city = Paris, sort id',
    'customers',
    new PaginatedFilter({
      conditionTree: new ConditionTreeLeaf('city', 'Equal', 'Paris'),
      sort: byId,
      page,
    }),
    customer,
  ],
  [
    'search "4242", sort id',
    'customers',
    new PaginatedFilter({ conditionTree: search, sort: byId, page }),
    customer,
  ],
  [
    'related: orders of customer 42, sort id',
    'orders',
    new PaginatedFilter({
      conditionTree: new ConditionTreeLeaf('customer_id', 'Equal', 42),
      sort: byId,
      page,
    }),
    new Projection('id', 'amount', 'customer:name'),
  ],
  [
    'orders sorted by customer:name',
    'orders',
    new PaginatedFilter({ sort: new Sort({ field: 'customer:name', ascending: true }), page }),
    new Projection('id', 'customer:name'),
  ],
];
const counts: Array<[string, string, Filter]> = [
  ['count customers', 'customers', new Filter({})],
  [
    'count, filter city = Paris',
    'customers',
    new Filter({ conditionTree: new ConditionTreeLeaf('city', 'Equal', 'Paris') }),
  ],
  [
    'count related orders',
    'orders',
    new Filter({ conditionTree: new ConditionTreeLeaf('customer_id', 'Equal', 42) }),
  ],
];

async function main(): Promise<void> {
  for (const connection of testConnections.filter(c => c.url)) {
    const scratch = await seedShop(connection, rows);
    const factory = createSqlDataSource({ ...scratch.options, dialect: connection.dialect });
    const dataSource = (await factory(
      () => undefined,
      async () => undefined,
    )) as SqlDataSource;
    try {
      console.log(`\n===== ${connection.name} (${rows} rows) =====`);
      for (const [title, collection, filter, projection] of lists) {
        const { sql, plan } = await explainList(dataSource, collection, filter, projection);
        console.log(`\n--- ${title}\n${sql}\n  ${plan.join('\n  ')}`);
      }
      for (const [title, collection, filter] of counts) {
        const count = new Aggregation({ operation: 'Count' });
        const { sql, plan } = await explainAggregate(dataSource, collection, filter, count);
        console.log(`\n--- ${title}\n${sql}\n  ${plan.join('\n  ')}`);
      }
    } finally {
      await dataSource.close();
      await scratch.drop();
    }
  }
}

main().catch(error => {
  console.error(error);
  process.exitCode = 1;
});
