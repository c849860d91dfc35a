import {
  Aggregation,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Filter,
  Page,
  PaginatedFilter,
  Projection,
  Sort,
  type RelationSchema,
} from '@grove/datasource-toolkit';
import type { IntrospectedColumn, IntrospectedTable, SqlDialectName } from '../../src';
import { buildTableModel, type TableModel } from '../../src/schema/table-model';
import { buildAggregate } from '../../src/sql/build-aggregate';
import { buildSelect } from '../../src/sql/build-select';
import { MysqlDialect } from '../../src/sql/mysql-dialect';
import { PostgresDialect } from '../../src/sql/postgres-dialect';
import type { ModelRegistry } from '../../src/sql/query-scope';
import type { SqlDialect } from '../../src/sql/sql-dialect';
import { SqliteDialect } from '../../src/sql/sqlite-dialect';
import { oddName, sqlDialect, sqlDialects, sqlUnitRegistry } from '../helpers/sql-models';

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

const eq = (field: string, value: unknown) => new ConditionTreeLeaf(field, 'Equal', value);
// The list queries of the per-dialect table below: [collection, filter, projection].
const lists: Record<string, [string, PaginatedFilter, Projection]> = {
  projection: [
    'books',
    new PaginatedFilter({}),
    new Projection('id', 'title', 'published_at', 'author:name', 'author:profile:bio'),
  ],
  'empty projection': ['books', new PaginatedFilter({}), new Projection()],
  page: ['books', new PaginatedFilter({ page: new Page(30, 15) }), new Projection('id')],
  'page no limit': [
    'books',
    new PaginatedFilter({ page: new Page(30, null) }),
    new Projection('id'),
  ],
  'page no limit no skip': [
    'books',
    new PaginatedFilter({ page: new Page(0, null) }),
    new Projection('id'),
  ],
  odd: [
    'order "lines`',
    new PaginatedFilter({ sort: new Sort({ field: 'label', ascending: false }) }),
    new Projection('id', 'label'),
  ],
  'odd col': [
    'books',
    new PaginatedFilter({
      conditionTree: new ConditionTreeLeaf(oddName, 'Present'),
      sort: new Sort({ field: oddName, ascending: true }),
    }),
    new Projection(oddName),
  ],
  sorts: [
    'books',
    new PaginatedFilter({
      sort: new Sort(
        { field: 'published_at', ascending: true },
        { field: 'data', ascending: false },
        { field: 'id', ascending: true },
      ),
    }),
    new Projection('id'),
  ],
  // A page of a CSV export after the first: the keys past the last one read, no OFFSET.
  keyset: [
    'books',
    new PaginatedFilter({
      conditionTree: ConditionTreeFactory.intersect(
        eq('genre', 'novel'),
        new ConditionTreeLeaf('id', 'GreaterThan', 1000),
      ),
      sort: new Sort({ field: 'id', ascending: true }),
      page: new Page(0, 1000),
    }),
    new Projection('title', 'id'),
  ],
  composite: [
    'book_tags',
    new PaginatedFilter({
      conditionTree: ConditionTreeFactory.union(
        ConditionTreeFactory.intersect(eq('book_id', 1), eq('tag_id', 2)),
        ConditionTreeFactory.intersect(eq('book_id', 3), eq('tag_id', 4)),
      ),
      sort: new Sort({ field: 'book_id', ascending: true }, { field: 'tag_id', ascending: true }),
    }),
    new Projection('book_id', 'tag_id', 'book:title'),
  ],
};

describe('buildSelect: the statement of every dialect', () => {
  // [dialect, list (see `lists`), expected SQL, expected bound values]
  it.each<[SqlDialectName, string, string, unknown[]]>([
    // projection
    [
      'sqlite',
      'projection',
      'SELECT "j1"."id" AS "m0", "j2"."author_id" AS "m1", "t0"."id" AS "c2", "t0"."title" AS "c3", strftime(\'%Y-%m-%dT%H:%M:%fZ\', "t0"."published_at") AS "c4", "j1"."name" AS "c5", "j2"."bio" AS "c6" FROM "books" AS "t0" LEFT JOIN "authors" AS "j1" ON "j1"."id" = "t0"."author_id" LEFT JOIN "profiles" AS "j2" ON "j2"."author_id" = "j1"."id" WHERE 1 = 1',
      [],
    ],
    [
      'postgres',
      'projection',
      'SELECT "j1"."id" AS "m0", "j2"."author_id" AS "m1", "t0"."id" AS "c2", "t0"."title" AS "c3", "t0"."published_at" AS "c4", "j1"."name" AS "c5", "j2"."bio" AS "c6" FROM "books" AS "t0" LEFT JOIN "authors" AS "j1" ON "j1"."id" = "t0"."author_id" LEFT JOIN "profiles" AS "j2" ON "j2"."author_id" = "j1"."id" WHERE 1 = 1',
      [],
    ],
    [
      'mysql',
      'projection',
      'SELECT `j1`.`id` AS `m0`, `j2`.`author_id` AS `m1`, `t0`.`id` AS `c2`, `t0`.`title` AS `c3`, `t0`.`published_at` AS `c4`, `j1`.`name` AS `c5`, `j2`.`bio` AS `c6` FROM `books` AS `t0` LEFT JOIN `authors` AS `j1` ON `j1`.`id` = `t0`.`author_id` LEFT JOIN `profiles` AS `j2` ON `j2`.`author_id` = `j1`.`id` WHERE 1 = 1',
      [],
    ],
    [
      'mariadb',
      'projection',
      'SELECT `j1`.`id` AS `m0`, `j2`.`author_id` AS `m1`, `t0`.`id` AS `c2`, `t0`.`title` AS `c3`, `t0`.`published_at` AS `c4`, `j1`.`name` AS `c5`, `j2`.`bio` AS `c6` FROM `books` AS `t0` LEFT JOIN `authors` AS `j1` ON `j1`.`id` = `t0`.`author_id` LEFT JOIN `profiles` AS `j2` ON `j2`.`author_id` = `j1`.`id` WHERE 1 = 1',
      [],
    ],
    // empty projection
    ['sqlite', 'empty projection', 'SELECT 1 AS "one" FROM "books" AS "t0" WHERE 1 = 1', []],
    ['postgres', 'empty projection', 'SELECT 1 AS "one" FROM "books" AS "t0" WHERE 1 = 1', []],
    ['mysql', 'empty projection', 'SELECT 1 AS "one" FROM `books` AS `t0` WHERE 1 = 1', []],
    ['mariadb', 'empty projection', 'SELECT 1 AS "one" FROM `books` AS `t0` WHERE 1 = 1', []],
    // page
    [
      'sqlite',
      'page',
      'SELECT "t0"."id" AS "c0" FROM "books" AS "t0" WHERE 1 = 1 LIMIT 15 OFFSET 30',
      [],
    ],
    [
      'postgres',
      'page',
      'SELECT "t0"."id" AS "c0" FROM "books" AS "t0" WHERE 1 = 1 LIMIT 15 OFFSET 30',
      [],
    ],
    [
      'mysql',
      'page',
      'SELECT `t0`.`id` AS `c0` FROM `books` AS `t0` WHERE 1 = 1 LIMIT 15 OFFSET 30',
      [],
    ],
    [
      'mariadb',
      'page',
      'SELECT `t0`.`id` AS `c0` FROM `books` AS `t0` WHERE 1 = 1 LIMIT 15 OFFSET 30',
      [],
    ],
    // page no limit
    [
      'sqlite',
      'page no limit',
      'SELECT "t0"."id" AS "c0" FROM "books" AS "t0" WHERE 1 = 1 LIMIT -1 OFFSET 30',
      [],
    ],
    [
      'postgres',
      'page no limit',
      'SELECT "t0"."id" AS "c0" FROM "books" AS "t0" WHERE 1 = 1 OFFSET 30',
      [],
    ],
    [
      'mysql',
      'page no limit',
      'SELECT `t0`.`id` AS `c0` FROM `books` AS `t0` WHERE 1 = 1 LIMIT 18446744073709551615 OFFSET 30',
      [],
    ],
    [
      'mariadb',
      'page no limit',
      'SELECT `t0`.`id` AS `c0` FROM `books` AS `t0` WHERE 1 = 1 LIMIT 18446744073709551615 OFFSET 30',
      [],
    ],
    // page no limit no skip
    [
      'sqlite',
      'page no limit no skip',
      'SELECT "t0"."id" AS "c0" FROM "books" AS "t0" WHERE 1 = 1',
      [],
    ],
    [
      'postgres',
      'page no limit no skip',
      'SELECT "t0"."id" AS "c0" FROM "books" AS "t0" WHERE 1 = 1',
      [],
    ],
    [
      'mysql',
      'page no limit no skip',
      'SELECT `t0`.`id` AS `c0` FROM `books` AS `t0` WHERE 1 = 1',
      [],
    ],
    [
      'mariadb',
      'page no limit no skip',
      'SELECT `t0`.`id` AS `c0` FROM `books` AS `t0` WHERE 1 = 1',
      [],
    ],
    // odd
    [
      'sqlite',
      'odd',
      'SELECT "t0"."id" AS "c0", "t0"."label" AS "c1" FROM "sales"."order ""lines`" AS "t0" WHERE 1 = 1 ORDER BY "t0"."label" DESC',
      [],
    ],
    [
      'postgres',
      'odd',
      'SELECT "t0"."id" AS "c0", "t0"."label" AS "c1" FROM "sales"."order ""lines`" AS "t0" WHERE 1 = 1 ORDER BY "t0"."label" DESC NULLS LAST',
      [],
    ],
    [
      'mysql',
      'odd',
      'SELECT `t0`.`id` AS `c0`, `t0`.`label` AS `c1` FROM `sales`.`order "lines``` AS `t0` WHERE 1 = 1 ORDER BY `t0`.`label` DESC',
      [],
    ],
    [
      'mariadb',
      'odd',
      'SELECT `t0`.`id` AS `c0`, `t0`.`label` AS `c1` FROM `sales`.`order "lines``` AS `t0` WHERE 1 = 1 ORDER BY `t0`.`label` DESC',
      [],
    ],
    // odd col
    [
      'sqlite',
      'odd col',
      'SELECT "t0"."we""ird `col" AS "c0" FROM "books" AS "t0" WHERE ("t0"."we""ird `col" IS NOT NULL AND "t0"."we""ird `col" <> \'\') ORDER BY "t0"."we""ird `col" ASC',
      [],
    ],
    [
      'postgres',
      'odd col',
      'SELECT "t0"."we""ird `col" AS "c0" FROM "books" AS "t0" WHERE ("t0"."we""ird `col" IS NOT NULL AND "t0"."we""ird `col" <> \'\') ORDER BY "t0"."we""ird `col" ASC NULLS FIRST',
      [],
    ],
    [
      'mysql',
      'odd col',
      'SELECT `t0`.`we"ird ``col` AS `c0` FROM `books` AS `t0` WHERE (`t0`.`we"ird ``col` IS NOT NULL AND `t0`.`we"ird ``col` <> \'\') ORDER BY `t0`.`we"ird ``col` ASC',
      [],
    ],
    [
      'mariadb',
      'odd col',
      'SELECT `t0`.`we"ird ``col` AS `c0` FROM `books` AS `t0` WHERE (`t0`.`we"ird ``col` IS NOT NULL AND `t0`.`we"ird ``col` <> \'\') ORDER BY `t0`.`we"ird ``col` ASC',
      [],
    ],
    // sorts
    [
      'sqlite',
      'sorts',
      'SELECT "t0"."id" AS "c0" FROM "books" AS "t0" WHERE 1 = 1 ORDER BY strftime(\'%Y-%m-%dT%H:%M:%fZ\', "t0"."published_at") ASC, "t0"."data" DESC, "t0"."id" ASC',
      [],
    ],
    [
      'postgres',
      'sorts',
      'SELECT "t0"."id" AS "c0" FROM "books" AS "t0" WHERE 1 = 1 ORDER BY "t0"."published_at" ASC NULLS FIRST, "t0"."data"::jsonb DESC NULLS LAST, "t0"."id" ASC',
      [],
    ],
    [
      'mysql',
      'sorts',
      'SELECT `t0`.`id` AS `c0` FROM `books` AS `t0` WHERE 1 = 1 ORDER BY `t0`.`published_at` ASC, `t0`.`data` DESC, `t0`.`id` ASC',
      [],
    ],
    [
      'mariadb',
      'sorts',
      'SELECT `t0`.`id` AS `c0` FROM `books` AS `t0` WHERE 1 = 1 ORDER BY `t0`.`published_at` ASC, `t0`.`data` DESC, `t0`.`id` ASC',
      [],
    ],
    // keyset
    [
      'sqlite',
      'keyset',
      'SELECT "t0"."title" AS "c0", "t0"."id" AS "c1" FROM "books" AS "t0" WHERE ("t0"."genre" = $1 AND "t0"."id" > $2) ORDER BY "t0"."id" ASC LIMIT 1000',
      ['novel', 1000],
    ],
    [
      'postgres',
      'keyset',
      'SELECT "t0"."title" AS "c0", "t0"."id" AS "c1" FROM "books" AS "t0" WHERE ("t0"."genre" = $1::genre AND "t0"."id" > $2) ORDER BY "t0"."id" ASC LIMIT 1000',
      ['novel', 1000],
    ],
    [
      'mysql',
      'keyset',
      'SELECT `t0`.`title` AS `c0`, `t0`.`id` AS `c1` FROM `books` AS `t0` WHERE (`t0`.`genre` = $1 AND `t0`.`id` > $2) ORDER BY `t0`.`id` ASC LIMIT 1000',
      ['novel', 1000],
    ],
    [
      'mariadb',
      'keyset',
      'SELECT `t0`.`title` AS `c0`, `t0`.`id` AS `c1` FROM `books` AS `t0` WHERE (`t0`.`genre` = $1 AND `t0`.`id` > $2) ORDER BY `t0`.`id` ASC LIMIT 1000',
      ['novel', 1000],
    ],
    // composite
    [
      'sqlite',
      'composite',
      'SELECT "j1"."id" AS "m0", "t0"."book_id" AS "c1", "t0"."tag_id" AS "c2", "j1"."title" AS "c3" FROM "book_tags" AS "t0" LEFT JOIN "books" AS "j1" ON "j1"."id" = "t0"."book_id" WHERE (("t0"."book_id" = $1 AND "t0"."tag_id" = $2) OR ("t0"."book_id" = $3 AND "t0"."tag_id" = $4)) ORDER BY "t0"."book_id" ASC, "t0"."tag_id" ASC',
      [1, 2, 3, 4],
    ],
    [
      'postgres',
      'composite',
      'SELECT "j1"."id" AS "m0", "t0"."book_id" AS "c1", "t0"."tag_id" AS "c2", "j1"."title" AS "c3" FROM "book_tags" AS "t0" LEFT JOIN "books" AS "j1" ON "j1"."id" = "t0"."book_id" WHERE (("t0"."book_id" = $1 AND "t0"."tag_id" = $2) OR ("t0"."book_id" = $3 AND "t0"."tag_id" = $4)) ORDER BY "t0"."book_id" ASC, "t0"."tag_id" ASC',
      [1, 2, 3, 4],
    ],
    [
      'mysql',
      'composite',
      'SELECT `j1`.`id` AS `m0`, `t0`.`book_id` AS `c1`, `t0`.`tag_id` AS `c2`, `j1`.`title` AS `c3` FROM `book_tags` AS `t0` LEFT JOIN `books` AS `j1` ON `j1`.`id` = `t0`.`book_id` WHERE ((`t0`.`book_id` = $1 AND `t0`.`tag_id` = $2) OR (`t0`.`book_id` = $3 AND `t0`.`tag_id` = $4)) ORDER BY `t0`.`book_id` ASC, `t0`.`tag_id` ASC',
      [1, 2, 3, 4],
    ],
    [
      'mariadb',
      'composite',
      'SELECT `j1`.`id` AS `m0`, `t0`.`book_id` AS `c1`, `t0`.`tag_id` AS `c2`, `j1`.`title` AS `c3` FROM `book_tags` AS `t0` LEFT JOIN `books` AS `j1` ON `j1`.`id` = `t0`.`book_id` WHERE ((`t0`.`book_id` = $1 AND `t0`.`tag_id` = $2) OR (`t0`.`book_id` = $3 AND `t0`.`tag_id` = $4)) ORDER BY `t0`.`book_id` ASC, `t0`.`tag_id` ASC',
      [1, 2, 3, 4],
    ],
  ])('%s: %s', (name, list, sql, bind) => {
    const [collection, filter, projection] = lists[list] as [string, PaginatedFilter, Projection];

    expect(
      buildSelect(sqlUnitRegistry, sqlDialect(name), collection, filter, projection),
    ).toMatchObject({ sql, bind });
  });
});

describe('buildSelect: values', () => {
  it.each(sqlDialects)('%s: a filter value never enters the SQL text', (_, dialect) => {
    const payload = "'; DELETE FROM books; --";
    const filter = new PaginatedFilter({
      conditionTree: ConditionTreeFactory.union(eq('title', payload), eq('author:name', payload)),
    });
    const query = buildSelect(sqlUnitRegistry, dialect, 'books', filter, new Projection('id'));

    expect(query.sql).not.toContain('DELETE');
    expect(query.bind).toEqual([payload, payload]);
  });

  it.each(sqlDialects)('%s: the values are numbered in the order of the SQL', (_, dialect) => {
    const filter = new PaginatedFilter({
      conditionTree: ConditionTreeFactory.intersect(
        eq('title', 'a'),
        new ConditionTreeLeaf('price', 'In', [1, 2]),
        eq('author:name', 'b'),
      ),
    });
    const { sql, bind } = buildSelect(sqlUnitRegistry, dialect, 'books', filter, new Projection());
    const placeholders = [...sql.matchAll(/\$(\d+)/g)].map(m => Number(m[1]));

    expect(placeholders).toEqual([1, 2, 3, 4]);
    expect(bind).toEqual(['a', 1, 2, 'b']);
  });
});

describe('buildSelect: records', () => {
  const projection = new Projection('id', 'author:name', 'author:profile:bio');

  it.each(sqlDialects)('%s: a missing related record reads as null', (_, dialect) => {
    const query = buildSelect(
      sqlUnitRegistry,
      dialect,
      'books',
      new PaginatedFilter({}),
      projection,
    );

    expect(
      query.toRecords([
        { m0: 7, m1: 3, c2: 1, c3: 'Ada', c4: null },
        { m0: 7, m1: null, c2: 2, c3: 'Ada', c4: null },
        { m0: null, m1: null, c2: 3, c3: null, c4: null },
      ]),
    ).toEqual([
      { id: 1, author: { name: 'Ada', profile: { bio: null } } },
      { id: 2, author: { name: 'Ada', profile: null } },
      { id: 3, author: null },
    ]);
  });
});
