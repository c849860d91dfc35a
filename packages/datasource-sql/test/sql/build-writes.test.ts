import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Filter,
  type RecordData,
} from '@grove/datasource-toolkit';
import type { IntrospectedColumn, IntrospectedTable, SqlDialectName } from '../../src';
import { buildTableModel } from '../../src/schema/table-model';
import { buildDelete, buildInsert, buildUpdate } from '../../src/sql/build-writes';
import { MysqlDialect } from '../../src/sql/mysql-dialect';
import { PostgresDialect } from '../../src/sql/postgres-dialect';
import { SqliteDialect } from '../../src/sql/sqlite-dialect';
import {
  oddName,
  sqlDialect,
  sqlDialects,
  sqlUnitModel,
  sqlUnitRegistry,
} from '../helpers/sql-models';

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

const table: IntrospectedTable = {
  name: 'customers',
  unique: [['id']],
  columns: [
    column('id', {
      type: { type: 'scalar', subType: 'INTEGER' },
      allowNull: false,
      primaryKey: true,
      autoIncrement: true,
    }),
    column('name', { allowNull: false }),
    column('created_at', { type: { type: 'scalar', subType: 'DATE' } }),
  ],
};
const model = buildTableModel(table, false, () => undefined).model;

describe('buildInsert', () => {
  it('returns every column with RETURNING on PostgreSQL, read as a list reads them', () => {
    const statement = buildInsert(new PostgresDialect(), model, [{ name: 'Ada' }]);

    expect(statement.sql).toBe(
      '/* returning */ INSERT INTO "customers" ("name") VALUES ($1) ' +
        'RETURNING "id" AS "c0", "name" AS "c1", "created_at" AS "c2"',
    );
    expect(statement.bind).toEqual(['Ada']);
    expect(
      statement.toRecords?.([{ c0: 7, c1: 'Ada', c2: new Date('2024-05-01T10:00:00.000Z') }]),
    ).toEqual([{ id: 7, name: 'Ada', created_at: '2024-05-01T10:00:00.000Z' }]);
  });

  it('returns the dates of SQLite in ISO format, like its SELECT', () => {
    const statement = buildInsert(new SqliteDialect(), model, [{ name: 'Ada' }, { name: 'Bo' }]);

    expect(statement.sql).toMatch(
      /^\/\* returning \*\/ INSERT INTO "customers" \("name"\) VALUES \(\$1\), \(\$2\) RETURNING "id" AS "c0", "name" AS "c1", strftime\(.*, "created_at"\) AS "c2"$/,
    );
    expect(statement.toRecords?.([{ c0: 1, c1: 'Ada', c2: null }])).toEqual([
      { id: 1, name: 'Ada', created_at: null },
    ]);
  });

  it('has no RETURNING on MySQL (the created record is read back by key)', () => {
    const statement = buildInsert(new MysqlDialect('mysql', false), model, [{ name: 'Ada' }]);

    expect(statement.sql).toBe('INSERT INTO `customers` (`name`) VALUES ($1)');
    expect(statement.toRecords).toBeUndefined();
  });
});

const eq = (field: string, value: unknown) => new ConditionTreeLeaf(field, 'Equal', value);
const keys = (...pairs: Array<[number, number]>) =>
  ConditionTreeFactory.union(
    ...pairs.map(([book, tag]) =>
      ConditionTreeFactory.intersect(eq('book_id', book), eq('tag_id', tag)),
    ),
  );

// The inserts of the per-dialect table below: [collection, records].
const inserts: Record<string, [string, RecordData[]]> = {
  multi: ['authors', [{ name: 'Ada' }, { name: "O'Brien" }]],
  empty: ['authors', [{}]],
  types: [
    'books',
    [
      {
        title: 't',
        in_stock: true,
        published_at: '2024-05-01T10:00:00+02:00',
        released_on: '2024-05-01T23:00:00Z',
        data: { a: [1] },
        genre: 'novel',
        location: [1, 2],
        [oddName]: null,
      },
    ],
  ],
  composite: ['book_tags', [{ book_id: 1, tag_id: 2 }]],
  'odd table': ['order "lines`', [{ label: 'x' }]],
};

describe('buildInsert: the statement of every dialect', () => {
  // [dialect, insert (see `inserts`), expected SQL, expected bound values]
  it.each<[SqlDialectName, string, string, unknown[]]>([
    [
      'mariadb',
      'composite',
      'INSERT INTO `book_tags` (`book_id`, `tag_id`) VALUES ($1, $2)',
      [1, 2],
    ],
    ['mysql', 'composite', 'INSERT INTO `book_tags` (`book_id`, `tag_id`) VALUES ($1, $2)', [1, 2]],
    [
      'postgres',
      'composite',
      '/* returning */ INSERT INTO "book_tags" ("book_id", "tag_id") VALUES ($1, $2) RETURNING "book_id" AS "c0", "tag_id" AS "c1", "weight" AS "c2"',
      [1, 2],
    ],
    [
      'sqlite',
      'composite',
      '/* returning */ INSERT INTO "book_tags" ("book_id", "tag_id") VALUES ($1, $2) RETURNING "book_id" AS "c0", "tag_id" AS "c1", "weight" AS "c2"',
      [1, 2],
    ],
    ['mariadb', 'empty', 'INSERT INTO `authors` () VALUES ()', []],
    ['mysql', 'empty', 'INSERT INTO `authors` () VALUES ()', []],
    [
      'postgres',
      'empty',
      '/* returning */ INSERT INTO "authors" DEFAULT VALUES RETURNING "id" AS "c0", "name" AS "c1"',
      [],
    ],
    [
      'sqlite',
      'empty',
      '/* returning */ INSERT INTO "authors" DEFAULT VALUES RETURNING "id" AS "c0", "name" AS "c1"',
      [],
    ],
    ['mariadb', 'multi', 'INSERT INTO `authors` (`name`) VALUES ($1), ($2)', ['Ada', "O'Brien"]],
    ['mysql', 'multi', 'INSERT INTO `authors` (`name`) VALUES ($1), ($2)', ['Ada', "O'Brien"]],
    [
      'postgres',
      'multi',
      '/* returning */ INSERT INTO "authors" ("name") VALUES ($1), ($2) RETURNING "id" AS "c0", "name" AS "c1"',
      ['Ada', "O'Brien"],
    ],
    [
      'sqlite',
      'multi',
      '/* returning */ INSERT INTO "authors" ("name") VALUES ($1), ($2) RETURNING "id" AS "c0", "name" AS "c1"',
      ['Ada', "O'Brien"],
    ],
    ['mariadb', 'odd table', 'INSERT INTO `sales`.`order "lines``` (`label`) VALUES ($1)', ['x']],
    ['mysql', 'odd table', 'INSERT INTO `sales`.`order "lines``` (`label`) VALUES ($1)', ['x']],
    [
      'postgres',
      'odd table',
      '/* returning */ INSERT INTO "sales"."order ""lines`" ("label") VALUES ($1) RETURNING "id" AS "c0", "label" AS "c1"',
      ['x'],
    ],
    [
      'sqlite',
      'odd table',
      '/* returning */ INSERT INTO "sales"."order ""lines`" ("label") VALUES ($1) RETURNING "id" AS "c0", "label" AS "c1"',
      ['x'],
    ],
    [
      'mariadb',
      'types',
      'INSERT INTO `books` (`title`, `in_stock`, `published_at`, `released_on`, `data`, `genre`, `location`, `we"ird ``col`) VALUES ($1, $2, $3, $4, $5, $6, POINT($7, $8), NULL)',
      ['t', 1, new Date('2024-05-01T08:00:00.000Z'), '2024-05-01', '{"a":[1]}', 'novel', 1, 2],
    ],
    [
      'mysql',
      'types',
      'INSERT INTO `books` (`title`, `in_stock`, `published_at`, `released_on`, `data`, `genre`, `location`, `we"ird ``col`) VALUES ($1, $2, $3, $4, $5, $6, POINT($7, $8), NULL)',
      ['t', 1, new Date('2024-05-01T08:00:00.000Z'), '2024-05-01', '{"a":[1]}', 'novel', 1, 2],
    ],
    [
      'postgres',
      'types',
      '/* returning */ INSERT INTO "books" ("title", "in_stock", "published_at", "released_on", "data", "genre", "location", "we""ird `col") VALUES ($1, $2, $3, $4, $5::jsonb, $6::genre, point($7, $8), NULL) RETURNING "id" AS "c0", "title" AS "c1", "summary" AS "c2", "price" AS "c3", "in_stock" AS "c4", "published_at" AS "c5", "released_on" AS "c6", "genre" AS "c7", "data" AS "c8", "meta" AS "c9", "tags" AS "c10", "location" AS "c11", "author_id" AS "c12", "slug" AS "c13", "we""ird `col" AS "c14"',
      ['t', true, new Date('2024-05-01T08:00:00.000Z'), '2024-05-01', '{"a":[1]}', 'novel', 1, 2],
    ],
    [
      'sqlite',
      'types',
      '/* returning */ INSERT INTO "books" ("title", "in_stock", "published_at", "released_on", "data", "genre", "location", "we""ird `col") VALUES ($1, $2, $3, $4, $5, $6, $7, NULL) RETURNING "id" AS "c0", "title" AS "c1", "summary" AS "c2", "price" AS "c3", "in_stock" AS "c4", strftime(\'%Y-%m-%dT%H:%M:%fZ\', "published_at") AS "c5", "released_on" AS "c6", "genre" AS "c7", "data" AS "c8", "meta" AS "c9", "tags" AS "c10", "location" AS "c11", "author_id" AS "c12", "slug" AS "c13", "we""ird `col" AS "c14"',
      ['t', 1, '2024-05-01T08:00:00.000Z', '2024-05-01', '{"a":[1]}', 'novel', '[1,2]'],
    ],
  ])('%s: %s', (name, label, sql, bind) => {
    const [collection, records] = inserts[label] as [string, RecordData[]];

    expect(buildInsert(sqlDialect(name), sqlUnitModel(collection), records)).toMatchObject({
      sql,
      bind,
    });
  });

  it.each(sqlDialects)('%s: unknown and read-only fields are ValidationErrors', (_, dialect) => {
    const books = sqlUnitModel('books');

    expect(() => buildInsert(dialect, books, [{ nope: 'x' }])).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        message: 'Unknown field "nope" in collection "books".',
      }),
    );
    expect(() => buildInsert(dialect, books, [{ slug: 'x' }])).toThrow(
      'Field "slug" of collection "books" is read-only.',
    );
    expect(() => buildInsert(dialect, books, [{ id: 1 }])).toThrow(
      'Field "id" of collection "books" is read-only.',
    );
  });
});

// The updates of the per-dialect table below: [collection, filter, patch].
const updates: Record<string, [string, Filter, RecordData]> = {
  // A filter on the table's own columns: a plain WHERE on the table.
  direct: [
    'books',
    new Filter({ conditionTree: new ConditionTreeLeaf('genre', 'NotEqual', 'novel') }),
    { price: 1, summary: null, [oddName]: 'v' },
  ],
  // A filter through a relation: the keys of a joined SELECT, wrapped once more for MySQL.
  joined: [
    'books',
    new Filter({
      conditionTree: ConditionTreeFactory.intersect(eq('author:name', 'Ada'), eq('title', 'x')),
    }),
    { in_stock: false },
  ],
  'composite joined': [
    'book_tags',
    new Filter({ conditionTree: eq('book:title', 'x') }),
    { weight: 2 },
  ],
  'no filter': ['authors', new Filter({}), { name: 'x' }],
  'odd table': ['order "lines`', new Filter({ conditionTree: eq('id', 3) }), { label: 'y' }],
};

describe('buildUpdate: the statement of every dialect', () => {
  // [dialect, update (see `updates`), expected SQL, expected bound values]
  it.each<[SqlDialectName, string, string, unknown[]]>([
    [
      'mariadb',
      'composite joined',
      'UPDATE `book_tags` SET `weight` = $1 WHERE (`book_id`, `tag_id`) IN (SELECT * FROM (SELECT `t0`.`book_id`, `t0`.`tag_id` FROM `book_tags` AS `t0` LEFT JOIN `books` AS `j1` ON `j1`.`id` = `t0`.`book_id` WHERE `j1`.`title` = $2) AS `matching`)',
      [2, 'x'],
    ],
    [
      'mysql',
      'composite joined',
      'UPDATE `book_tags` SET `weight` = $1 WHERE (`book_id`, `tag_id`) IN (SELECT * FROM (SELECT `t0`.`book_id`, `t0`.`tag_id` FROM `book_tags` AS `t0` LEFT JOIN `books` AS `j1` ON `j1`.`id` = `t0`.`book_id` WHERE `j1`.`title` = $2) AS `matching`)',
      [2, 'x'],
    ],
    [
      'postgres',
      'composite joined',
      'UPDATE "book_tags" SET "weight" = $1 WHERE ("book_id", "tag_id") IN (SELECT * FROM (SELECT "t0"."book_id", "t0"."tag_id" FROM "book_tags" AS "t0" LEFT JOIN "books" AS "j1" ON "j1"."id" = "t0"."book_id" WHERE "j1"."title" = $2) AS "matching")',
      [2, 'x'],
    ],
    [
      'sqlite',
      'composite joined',
      'UPDATE "book_tags" SET "weight" = $1 WHERE ("book_id", "tag_id") IN (SELECT * FROM (SELECT "t0"."book_id", "t0"."tag_id" FROM "book_tags" AS "t0" LEFT JOIN "books" AS "j1" ON "j1"."id" = "t0"."book_id" WHERE "j1"."title" = $2) AS "matching")',
      [2, 'x'],
    ],
    [
      'mariadb',
      'direct',
      'UPDATE `books` SET `price` = $1, `summary` = NULL, `we"ird ``col` = $2 WHERE (NOT (`books`.`genre` = $3) OR `books`.`genre` IS NULL)',
      [1, 'v', 'novel'],
    ],
    [
      'mysql',
      'direct',
      'UPDATE `books` SET `price` = $1, `summary` = NULL, `we"ird ``col` = $2 WHERE (NOT (`books`.`genre` = $3) OR `books`.`genre` IS NULL)',
      [1, 'v', 'novel'],
    ],
    [
      'postgres',
      'direct',
      'UPDATE "books" SET "price" = $1, "summary" = NULL, "we""ird `col" = $2 WHERE (NOT ("books"."genre" = $3::genre) OR "books"."genre" IS NULL)',
      [1, 'v', 'novel'],
    ],
    [
      'sqlite',
      'direct',
      'UPDATE "books" SET "price" = $1, "summary" = NULL, "we""ird `col" = $2 WHERE (NOT ("books"."genre" = $3) OR "books"."genre" IS NULL)',
      [1, 'v', 'novel'],
    ],
    [
      'mariadb',
      'joined',
      'UPDATE `books` SET `in_stock` = $1 WHERE `id` IN (SELECT * FROM (SELECT `t0`.`id` FROM `books` AS `t0` LEFT JOIN `authors` AS `j1` ON `j1`.`id` = `t0`.`author_id` WHERE (`j1`.`name` = $2 AND `t0`.`title` = $3)) AS `matching`)',
      [0, 'Ada', 'x'],
    ],
    [
      'mysql',
      'joined',
      'UPDATE `books` SET `in_stock` = $1 WHERE `id` IN (SELECT * FROM (SELECT `t0`.`id` FROM `books` AS `t0` LEFT JOIN `authors` AS `j1` ON `j1`.`id` = `t0`.`author_id` WHERE (`j1`.`name` = $2 AND `t0`.`title` = $3)) AS `matching`)',
      [0, 'Ada', 'x'],
    ],
    [
      'postgres',
      'joined',
      'UPDATE "books" SET "in_stock" = $1 WHERE "id" IN (SELECT * FROM (SELECT "t0"."id" FROM "books" AS "t0" LEFT JOIN "authors" AS "j1" ON "j1"."id" = "t0"."author_id" WHERE ("j1"."name" = $2 AND "t0"."title" = $3)) AS "matching")',
      [false, 'Ada', 'x'],
    ],
    [
      'sqlite',
      'joined',
      'UPDATE "books" SET "in_stock" = $1 WHERE "id" IN (SELECT * FROM (SELECT "t0"."id" FROM "books" AS "t0" LEFT JOIN "authors" AS "j1" ON "j1"."id" = "t0"."author_id" WHERE ("j1"."name" = $2 AND "t0"."title" = $3)) AS "matching")',
      [0, 'Ada', 'x'],
    ],
    ['mariadb', 'no filter', 'UPDATE `authors` SET `name` = $1 WHERE 1 = 1', ['x']],
    ['mysql', 'no filter', 'UPDATE `authors` SET `name` = $1 WHERE 1 = 1', ['x']],
    ['postgres', 'no filter', 'UPDATE "authors" SET "name" = $1 WHERE 1 = 1', ['x']],
    ['sqlite', 'no filter', 'UPDATE "authors" SET "name" = $1 WHERE 1 = 1', ['x']],
    [
      'mariadb',
      'odd table',
      'UPDATE `sales`.`order "lines``` SET `label` = $1 WHERE `order "lines```.`id` = $2',
      ['y', 3],
    ],
    [
      'mysql',
      'odd table',
      'UPDATE `sales`.`order "lines``` SET `label` = $1 WHERE `order "lines```.`id` = $2',
      ['y', 3],
    ],
    [
      'postgres',
      'odd table',
      'UPDATE "sales"."order ""lines`" SET "label" = $1 WHERE "order ""lines`"."id" = $2',
      ['y', 3],
    ],
    [
      'sqlite',
      'odd table',
      'UPDATE "sales"."order ""lines`" SET "label" = $1 WHERE "order ""lines`"."id" = $2',
      ['y', 3],
    ],
  ])('%s: %s', (name, label, sql, bind) => {
    const [collection, filter, patch] = updates[label] as [string, Filter, RecordData];

    expect(buildUpdate(sqlUnitRegistry, sqlDialect(name), collection, filter, patch)).toMatchObject(
      { sql, bind },
    );
  });

  it.each(sqlDialects)('%s: a read-only field is a ValidationError', (_, dialect) => {
    expect(() => buildUpdate(sqlUnitRegistry, dialect, 'books', new Filter({}), { id: 2 })).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        message: 'Field "id" of collection "books" is read-only.',
      }),
    );
  });

  it.each(sqlDialects)('%s: patched and filtered values are bound, never written', (_, dialect) => {
    const payload = "x'; DROP TABLE books; --";
    const { sql, bind } = buildUpdate(
      sqlUnitRegistry,
      dialect,
      'books',
      new Filter({
        conditionTree: ConditionTreeFactory.union(eq('title', payload), eq('author:name', payload)),
      }),
      { title: payload, data: { [payload]: payload } },
    );

    expect(sql).not.toContain('DROP');
    expect(bind).toEqual([payload, JSON.stringify({ [payload]: payload }), payload, payload]);
  });
});

// The deletes of the per-dialect table below: [collection, filter].
const deletes: Record<string, [string, Filter]> = {
  direct: ['books', new Filter({ conditionTree: new ConditionTreeLeaf('id', 'In', [1, 2]) })],
  joined: ['books', new Filter({ conditionTree: eq('author:name', 'Ada') })],
  composite: ['book_tags', new Filter({ conditionTree: keys([1, 2], [3, 4]) })],
  'composite joined': ['book_tags', new Filter({ conditionTree: eq('book:title', 'x') })],
  all: ['logs', new Filter({})],
};

describe('buildDelete: the statement of every dialect', () => {
  // [dialect, delete (see `deletes`), expected SQL, expected bound values]
  it.each<[SqlDialectName, string, string, unknown[]]>([
    ['mariadb', 'all', 'DELETE FROM `logs` WHERE 1 = 1', []],
    ['mysql', 'all', 'DELETE FROM `logs` WHERE 1 = 1', []],
    ['postgres', 'all', 'DELETE FROM "logs" WHERE 1 = 1', []],
    ['sqlite', 'all', 'DELETE FROM "logs" WHERE 1 = 1', []],
    [
      'mariadb',
      'composite joined',
      'DELETE FROM `book_tags` WHERE (`book_id`, `tag_id`) IN (SELECT * FROM (SELECT `t0`.`book_id`, `t0`.`tag_id` FROM `book_tags` AS `t0` LEFT JOIN `books` AS `j1` ON `j1`.`id` = `t0`.`book_id` WHERE `j1`.`title` = $1) AS `matching`)',
      ['x'],
    ],
    [
      'mysql',
      'composite joined',
      'DELETE FROM `book_tags` WHERE (`book_id`, `tag_id`) IN (SELECT * FROM (SELECT `t0`.`book_id`, `t0`.`tag_id` FROM `book_tags` AS `t0` LEFT JOIN `books` AS `j1` ON `j1`.`id` = `t0`.`book_id` WHERE `j1`.`title` = $1) AS `matching`)',
      ['x'],
    ],
    [
      'postgres',
      'composite joined',
      'DELETE FROM "book_tags" WHERE ("book_id", "tag_id") IN (SELECT * FROM (SELECT "t0"."book_id", "t0"."tag_id" FROM "book_tags" AS "t0" LEFT JOIN "books" AS "j1" ON "j1"."id" = "t0"."book_id" WHERE "j1"."title" = $1) AS "matching")',
      ['x'],
    ],
    [
      'sqlite',
      'composite joined',
      'DELETE FROM "book_tags" WHERE ("book_id", "tag_id") IN (SELECT * FROM (SELECT "t0"."book_id", "t0"."tag_id" FROM "book_tags" AS "t0" LEFT JOIN "books" AS "j1" ON "j1"."id" = "t0"."book_id" WHERE "j1"."title" = $1) AS "matching")',
      ['x'],
    ],
    [
      'mariadb',
      'composite',
      'DELETE FROM `book_tags` WHERE ((`book_tags`.`book_id` = $1 AND `book_tags`.`tag_id` = $2) OR (`book_tags`.`book_id` = $3 AND `book_tags`.`tag_id` = $4))',
      [1, 2, 3, 4],
    ],
    [
      'mysql',
      'composite',
      'DELETE FROM `book_tags` WHERE ((`book_tags`.`book_id` = $1 AND `book_tags`.`tag_id` = $2) OR (`book_tags`.`book_id` = $3 AND `book_tags`.`tag_id` = $4))',
      [1, 2, 3, 4],
    ],
    [
      'postgres',
      'composite',
      'DELETE FROM "book_tags" WHERE (("book_tags"."book_id" = $1 AND "book_tags"."tag_id" = $2) OR ("book_tags"."book_id" = $3 AND "book_tags"."tag_id" = $4))',
      [1, 2, 3, 4],
    ],
    [
      'sqlite',
      'composite',
      'DELETE FROM "book_tags" WHERE (("book_tags"."book_id" = $1 AND "book_tags"."tag_id" = $2) OR ("book_tags"."book_id" = $3 AND "book_tags"."tag_id" = $4))',
      [1, 2, 3, 4],
    ],
    ['mariadb', 'direct', 'DELETE FROM `books` WHERE (`books`.`id` IN ($1, $2))', [1, 2]],
    ['mysql', 'direct', 'DELETE FROM `books` WHERE (`books`.`id` IN ($1, $2))', [1, 2]],
    ['postgres', 'direct', 'DELETE FROM "books" WHERE ("books"."id" IN ($1, $2))', [1, 2]],
    ['sqlite', 'direct', 'DELETE FROM "books" WHERE ("books"."id" IN ($1, $2))', [1, 2]],
    [
      'mariadb',
      'joined',
      'DELETE FROM `books` WHERE `id` IN (SELECT * FROM (SELECT `t0`.`id` FROM `books` AS `t0` LEFT JOIN `authors` AS `j1` ON `j1`.`id` = `t0`.`author_id` WHERE `j1`.`name` = $1) AS `matching`)',
      ['Ada'],
    ],
    [
      'mysql',
      'joined',
      'DELETE FROM `books` WHERE `id` IN (SELECT * FROM (SELECT `t0`.`id` FROM `books` AS `t0` LEFT JOIN `authors` AS `j1` ON `j1`.`id` = `t0`.`author_id` WHERE `j1`.`name` = $1) AS `matching`)',
      ['Ada'],
    ],
    [
      'postgres',
      'joined',
      'DELETE FROM "books" WHERE "id" IN (SELECT * FROM (SELECT "t0"."id" FROM "books" AS "t0" LEFT JOIN "authors" AS "j1" ON "j1"."id" = "t0"."author_id" WHERE "j1"."name" = $1) AS "matching")',
      ['Ada'],
    ],
    [
      'sqlite',
      'joined',
      'DELETE FROM "books" WHERE "id" IN (SELECT * FROM (SELECT "t0"."id" FROM "books" AS "t0" LEFT JOIN "authors" AS "j1" ON "j1"."id" = "t0"."author_id" WHERE "j1"."name" = $1) AS "matching")',
      ['Ada'],
    ],
  ])('%s: %s', (name, label, sql, bind) => {
    const [collection, filter] = deletes[label] as [string, Filter];

    expect(buildDelete(sqlUnitRegistry, sqlDialect(name), collection, filter)).toMatchObject({
      sql,
      bind,
    });
  });

  it.each(sqlDialects)(
    '%s: a filter through a relation on a table without primary key is refused',
    (_, dialect) => {
      expect(() =>
        buildDelete(
          sqlUnitRegistry,
          dialect,
          'logs',
          new Filter({ conditionTree: eq('author:name', 'Ada') }),
        ),
      ).toThrow(
        expect.objectContaining({
          code: 'ValidationError',
          message: 'Collection "logs" has no primary key.',
        }),
      );
    },
  );

  it.each(sqlDialects)('%s: an empty In deletes nothing', (_, dialect) => {
    expect(
      buildDelete(
        sqlUnitRegistry,
        dialect,
        'books',
        new Filter({ conditionTree: new ConditionTreeLeaf('id', 'In', []) }),
      ),
    ).toEqual({ sql: `DELETE FROM ${dialect.quote('books')} WHERE 1 = 0`, bind: [] });
  });
});
