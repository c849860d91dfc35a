import {
  Aggregation,
  Filter,
  Page,
  PaginatedFilter,
  Projection,
  Sort,
  type RelationSchema,
} from '@grove/datasource-toolkit';
import type { IntrospectedColumn, IntrospectedTable } from '../../src';
import { buildTableModel, type TableModel } from '../../src/schema/table-model';
import { buildAggregate } from '../../src/sql/build-aggregate';
import { buildSelect } from '../../src/sql/build-select';
import { MysqlDialect } from '../../src/sql/mysql-dialect';
import { PostgresDialect } from '../../src/sql/postgres-dialect';
import type { ModelRegistry } from '../../src/sql/query-scope';
import type { SqlDialect } from '../../src/sql/sql-dialect';
import { SqliteDialect } from '../../src/sql/sqlite-dialect';

function column(name: string, options: Partial<IntrospectedColumn> = {}): IntrospectedColumn {
  return {
    name,
    type: { type: 'scalar', subType: 'STRING' },
    defaultValue: null,
    isLiteralDefaultValue: false,
    allowNull: true,
    autoIncrement: false,
    generated: false,
    primaryKey: false,
    constraints: [],
    ...options,
  };
}

const integer = { type: 'scalar', subType: 'INTEGER' } as const;
const tables: IntrospectedTable[] = [
  {
    name: 'customers',
    unique: [['id']],
    columns: [
      column('id', { type: integer, allowNull: false, primaryKey: true, autoIncrement: true }),
      column('name', { allowNull: false }),
      column('city'),
    ],
  },
  {
    name: 'orders',
    unique: [['id']],
    columns: [
      column('id', { type: integer, allowNull: false, primaryKey: true, autoIncrement: true }),
      column('customer_id', { type: integer }),
    ],
  },
];
// A view has no declared key: its guessed key (`id`) may hold NULL.
const view: IntrospectedTable = { name: 'customer_names', unique: [], columns: [column('id')] };
const models = new Map<string, TableModel>([
  ...tables.map(t => [t.name, buildTableModel(t, false, () => undefined).model] as const),
  [view.name, buildTableModel(view, true, () => undefined).model],
]);
const customer: RelationSchema = {
  type: 'ManyToOne',
  foreignCollection: 'customers',
  foreignKey: 'customer_id',
  foreignKeyTarget: 'id',
};
const registry: ModelRegistry = {
  model: name => models.get(name) as TableModel,
  relation: (collection, name) =>
    collection === 'orders' && name === 'customer' ? customer : undefined,
};

const dialects: Array<[string, SqlDialect]> = [
  ['postgres', new PostgresDialect()],
  ['sqlite', new SqliteDialect()],
  ['mysql', new MysqlDialect('mysql', false)],
  ['mariadb', new MysqlDialect('mariadb', true)],
];

/** The ORDER BY … LIMIT tail of the list query sorted by `field`. */
function orderOf(dialect: SqlDialect, collection: string, field: string, ascending: boolean) {
  const filter = new PaginatedFilter({
    sort: new Sort({ field, ascending }),
    page: new Page(0, 15),
  });
  const { sql } = buildSelect(registry, dialect, collection, filter, new Projection('id'));

  return sql.slice(sql.indexOf(' ORDER BY'));
}

describe('buildSelect: null ordering', () => {
  // [dialect, collection, field, ascending, expected ORDER BY … LIMIT]
  it.each([
    // Primary keys and NOT NULL columns: a plain ORDER BY an index can serve, on every dialect.
    ['postgres', 'customers', 'id', true, ' ORDER BY "t0"."id" ASC LIMIT 15'],
    ['postgres', 'customers', 'id', false, ' ORDER BY "t0"."id" DESC LIMIT 15'],
    ['postgres', 'customers', 'name', true, ' ORDER BY "t0"."name" ASC LIMIT 15'],
    ['sqlite', 'customers', 'id', true, ' ORDER BY "t0"."id" ASC LIMIT 15'],
    ['mysql', 'customers', 'id', false, ' ORDER BY `t0`.`id` DESC LIMIT 15'],
    ['mariadb', 'customers', 'id', true, ' ORDER BY `t0`.`id` ASC LIMIT 15'],
    // Nullable columns: PostgreSQL needs the clauses (it sorts nulls last ascending); the others
    // sort nulls first ascending and last descending natively, with no expression added.
    ['postgres', 'customers', 'city', true, ' ORDER BY "t0"."city" ASC NULLS FIRST LIMIT 15'],
    ['postgres', 'customers', 'city', false, ' ORDER BY "t0"."city" DESC NULLS LAST LIMIT 15'],
    ['sqlite', 'customers', 'city', true, ' ORDER BY "t0"."city" ASC LIMIT 15'],
    ['mysql', 'customers', 'city', true, ' ORDER BY `t0`.`city` ASC LIMIT 15'],
    ['mariadb', 'customers', 'city', false, ' ORDER BY `t0`.`city` DESC LIMIT 15'],
    // A guessed key of a view may be null.
    ['postgres', 'customer_names', 'id', true, ' ORDER BY "t0"."id" ASC NULLS FIRST LIMIT 15'],
    // Through a LEFT JOIN, even a NOT NULL column reads NULL for a missing customer.
    ['postgres', 'orders', 'customer:name', true, ' ORDER BY "j1"."name" ASC NULLS FIRST LIMIT 15'],
    ['postgres', 'orders', 'customer:id', false, ' ORDER BY "j1"."id" DESC NULLS LAST LIMIT 15'],
    ['sqlite', 'orders', 'customer:name', true, ' ORDER BY "j1"."name" ASC LIMIT 15'],
  ])('%s: %s sorted by %s (ascending: %s)', (name, collection, field, ascending, expected) => {
    const dialect = dialects.find(([n]) => n === name)?.[1] as SqlDialect;

    expect(orderOf(dialect, collection, field, ascending)).toBe(expected);
  });
});

describe('buildAggregate: order', () => {
  it.each(dialects)('%s: a count without groups has no ORDER BY', (_, dialect) => {
    const { sql } = buildAggregate(registry, dialect, 'customers', {
      filter: new Filter({}),
      aggregation: new Aggregation({ operation: 'Count' }),
      timezone: 'UTC',
    });

    expect(sql).toBe(
      `SELECT COUNT(*) AS ${dialect.quote('value')} FROM ${dialect.quote('customers')} AS ${dialect.quote('t0')}`,
    );
  });

  it('postgres: grouped values sort descending, nulls last', () => {
    const { sql } = buildAggregate(registry, new PostgresDialect(), 'customers', {
      filter: new Filter({}),
      aggregation: new Aggregation({ operation: 'Count', groups: [{ field: 'city' }] }),
      timezone: 'UTC',
    });

    expect(sql).toBe(
      'SELECT "t0"."city" AS "g0", COUNT(*) AS "value" FROM "customers" AS "t0" GROUP BY 1 ORDER BY "value" DESC NULLS LAST',
    );
  });
});
