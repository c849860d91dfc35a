import {
  Aggregation,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Filter,
  type AggregationOperation,
} from '@grove/datasource-toolkit';
import type { SqlDialectName } from '../../src';
import { buildAggregate } from '../../src/sql/build-aggregate';
import { oddName, sqlDialect, sqlDialects, sqlUnitRegistry } from '../helpers/sql-models';

const titled = new Filter({ conditionTree: new ConditionTreeLeaf('title', 'IContains', 'x') });
const everything = new Filter({});
const in2024 = new Filter({
  conditionTree: ConditionTreeFactory.intersect(
    new ConditionTreeLeaf('published_at', 'GreaterThanOrEqual', '2024-01-01T00:00:00Z'),
    new ConditionTreeLeaf('published_at', 'LessThan', '2024-12-31T23:00:00Z'),
  ),
});
const byDate = (operation: 'Year' | 'Quarter' | 'Month' | 'Week' | 'Day', field = 'published_at') =>
  new Aggregation({ operation: 'Count', groups: [{ field, operation }] });
const of = (operation: AggregationOperation, field: string) =>
  new Aggregation({ operation, field });

// The aggregates of the per-dialect table below: [collection, filter, aggregation, zone, limit].
const aggregates: Record<string, [string, Filter, Aggregation, string, number | undefined]> = {
  'count field': ['books', everything, of('Count', 'summary'), 'UTC', undefined],
  sum: ['books', titled, of('Sum', 'price'), 'UTC', undefined],
  avg: ['books', everything, of('Avg', 'price'), 'UTC', undefined],
  'min date': ['books', everything, of('Min', 'published_at'), 'UTC', undefined],
  'max json': ['books', everything, of('Max', 'data'), 'UTC', undefined],
  'group relation limit': [
    'books',
    titled,
    new Aggregation({
      operation: 'Sum',
      field: 'price',
      groups: [{ field: 'author:name' }, { field: 'genre' }],
    }),
    'UTC',
    10,
  ],
  'group odd': [
    'books',
    everything,
    new Aggregation({ operation: 'Count', groups: [{ field: oddName }] }),
    'UTC',
    undefined,
  ],
  'group date': ['books', everything, byDate('Day'), 'UTC', undefined],
  'group date week': ['books', everything, byDate('Week'), 'UTC', undefined],
  'group date quarter': ['books', everything, byDate('Quarter'), 'UTC', undefined],
  'group date year': ['books', everything, byDate('Year'), 'UTC', undefined],
  // A calendar date is never shifted by the zone.
  'group dateonly month tz': [
    'books',
    everything,
    byDate('Month', 'released_on'),
    'Asia/Tokyo',
    undefined,
  ],
  // A zone without DST since 1970: one constant shift.
  'group date fixed tz': ['books', everything, byDate('Month'), 'Asia/Tokyo', undefined],
  'odd table': ['order "lines`', everything, new Aggregation({ operation: 'Count' }), 'UTC', 5],
  // A filter bounding the date to a few buckets: a CASE over the instants they start at.
  'group date bounded tz': ['books', in2024, byDate('Year'), 'Europe/Paris', undefined],
};

describe('buildAggregate: the statement of every dialect', () => {
  // [dialect, aggregate (see `aggregates`), expected SQL, expected bound values]
  it.each<[SqlDialectName, string, string, unknown[]]>([
    ['sqlite', 'count field', 'SELECT COUNT("t0"."summary") AS "value" FROM "books" AS "t0"', []],
    ['postgres', 'count field', 'SELECT COUNT("t0"."summary") AS "value" FROM "books" AS "t0"', []],
    ['mysql', 'count field', 'SELECT COUNT(`t0`.`summary`) AS `value` FROM `books` AS `t0`', []],
    ['mariadb', 'count field', 'SELECT COUNT(`t0`.`summary`) AS `value` FROM `books` AS `t0`', []],
    [
      'sqlite',
      'sum',
      'SELECT COALESCE(SUM("t0"."price"), 0) AS "value" FROM "books" AS "t0" WHERE "t0"."title" LIKE $1 ESCAPE \'!\'',
      ['%x%'],
    ],
    [
      'postgres',
      'sum',
      'SELECT COALESCE(SUM("t0"."price"), 0) AS "value" FROM "books" AS "t0" WHERE "t0"."title" ILIKE $1 ESCAPE \'!\'',
      ['%x%'],
    ],
    [
      'mysql',
      'sum',
      "SELECT COALESCE(SUM(`t0`.`price`), 0) AS `value` FROM `books` AS `t0` WHERE LOWER(CONVERT(`t0`.`title` USING utf8mb4)) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['%x%'],
    ],
    [
      'mariadb',
      'sum',
      "SELECT COALESCE(SUM(`t0`.`price`), 0) AS `value` FROM `books` AS `t0` WHERE LOWER(CONVERT(`t0`.`title` USING utf8mb4)) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['%x%'],
    ],
    ['sqlite', 'avg', 'SELECT AVG("t0"."price") AS "value" FROM "books" AS "t0"', []],
    ['postgres', 'avg', 'SELECT AVG("t0"."price") AS "value" FROM "books" AS "t0"', []],
    ['mysql', 'avg', 'SELECT AVG(`t0`.`price`) AS `value` FROM `books` AS `t0`', []],
    ['mariadb', 'avg', 'SELECT AVG(`t0`.`price`) AS `value` FROM `books` AS `t0`', []],
    [
      'sqlite',
      'min date',
      'SELECT MIN(strftime(\'%Y-%m-%dT%H:%M:%fZ\', "t0"."published_at")) AS "value" FROM "books" AS "t0"',
      [],
    ],
    ['postgres', 'min date', 'SELECT MIN("t0"."published_at") AS "value" FROM "books" AS "t0"', []],
    ['mysql', 'min date', 'SELECT MIN(`t0`.`published_at`) AS `value` FROM `books` AS `t0`', []],
    ['mariadb', 'min date', 'SELECT MIN(`t0`.`published_at`) AS `value` FROM `books` AS `t0`', []],
    ['sqlite', 'max json', 'SELECT MAX("t0"."data") AS "value" FROM "books" AS "t0"', []],
    ['postgres', 'max json', 'SELECT MAX("t0"."data"::jsonb) AS "value" FROM "books" AS "t0"', []],
    ['mysql', 'max json', 'SELECT MAX(`t0`.`data`) AS `value` FROM `books` AS `t0`', []],
    ['mariadb', 'max json', 'SELECT MAX(`t0`.`data`) AS `value` FROM `books` AS `t0`', []],
    [
      'sqlite',
      'group relation limit',
      'SELECT "j1"."name" AS "g0", "t0"."genre" AS "g1", COALESCE(SUM("t0"."price"), 0) AS "value" FROM "books" AS "t0" LEFT JOIN "authors" AS "j1" ON "j1"."id" = "t0"."author_id" WHERE "t0"."title" LIKE $1 ESCAPE \'!\' GROUP BY 1, 2 ORDER BY "value" DESC LIMIT 10',
      ['%x%'],
    ],
    [
      'postgres',
      'group relation limit',
      'SELECT "j1"."name" AS "g0", "t0"."genre" AS "g1", COALESCE(SUM("t0"."price"), 0) AS "value" FROM "books" AS "t0" LEFT JOIN "authors" AS "j1" ON "j1"."id" = "t0"."author_id" WHERE "t0"."title" ILIKE $1 ESCAPE \'!\' GROUP BY 1, 2 ORDER BY "value" DESC NULLS LAST LIMIT 10',
      ['%x%'],
    ],
    [
      'mysql',
      'group relation limit',
      "SELECT `j1`.`name` AS `g0`, `t0`.`genre` AS `g1`, COALESCE(SUM(`t0`.`price`), 0) AS `value` FROM `books` AS `t0` LEFT JOIN `authors` AS `j1` ON `j1`.`id` = `t0`.`author_id` WHERE LOWER(CONVERT(`t0`.`title` USING utf8mb4)) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!' GROUP BY 1, 2 ORDER BY `value` DESC LIMIT 10",
      ['%x%'],
    ],
    [
      'mariadb',
      'group relation limit',
      "SELECT `j1`.`name` AS `g0`, `t0`.`genre` AS `g1`, COALESCE(SUM(`t0`.`price`), 0) AS `value` FROM `books` AS `t0` LEFT JOIN `authors` AS `j1` ON `j1`.`id` = `t0`.`author_id` WHERE LOWER(CONVERT(`t0`.`title` USING utf8mb4)) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!' GROUP BY 1, 2 ORDER BY `value` DESC LIMIT 10",
      ['%x%'],
    ],
    [
      'sqlite',
      'group odd',
      'SELECT "t0"."we""ird `col" AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" GROUP BY 1 ORDER BY "value" DESC',
      [],
    ],
    [
      'postgres',
      'group odd',
      'SELECT "t0"."we""ird `col" AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" GROUP BY 1 ORDER BY "value" DESC NULLS LAST',
      [],
    ],
    [
      'mysql',
      'group odd',
      'SELECT `t0`.`we"ird ``col` AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` GROUP BY 1 ORDER BY `value` DESC',
      [],
    ],
    [
      'mariadb',
      'group odd',
      'SELECT `t0`.`we"ird ``col` AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` GROUP BY 1 ORDER BY `value` DESC',
      [],
    ],
    [
      'sqlite',
      'group date',
      'SELECT date(datetime("t0"."published_at")) AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" GROUP BY 1 ORDER BY "value" DESC',
      [],
    ],
    [
      'postgres',
      'group date',
      'SELECT to_char(date_trunc(\'day\', ("t0"."published_at"::timestamptz AT TIME ZONE \'UTC\')), \'YYYY-MM-DD\') AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" GROUP BY 1 ORDER BY "value" DESC NULLS LAST',
      [],
    ],
    [
      'mysql',
      'group date',
      "SELECT DATE_FORMAT(`t0`.`published_at`, '%Y-%m-%d') AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` GROUP BY 1 ORDER BY `value` DESC",
      [],
    ],
    [
      'mariadb',
      'group date',
      "SELECT DATE_FORMAT(`t0`.`published_at`, '%Y-%m-%d') AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` GROUP BY 1 ORDER BY `value` DESC",
      [],
    ],
    [
      'sqlite',
      'group date week',
      'SELECT date(datetime("t0"."published_at"), \'-6 days\', \'weekday 1\') AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" GROUP BY 1 ORDER BY "value" DESC',
      [],
    ],
    [
      'postgres',
      'group date week',
      'SELECT to_char(date_trunc(\'week\', ("t0"."published_at"::timestamptz AT TIME ZONE \'UTC\')), \'YYYY-MM-DD\') AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" GROUP BY 1 ORDER BY "value" DESC NULLS LAST',
      [],
    ],
    [
      'mysql',
      'group date week',
      "SELECT DATE_FORMAT(DATE_SUB(`t0`.`published_at`, INTERVAL WEEKDAY(`t0`.`published_at`) DAY), '%Y-%m-%d') AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` GROUP BY 1 ORDER BY `value` DESC",
      [],
    ],
    [
      'mariadb',
      'group date week',
      "SELECT DATE_FORMAT(DATE_SUB(`t0`.`published_at`, INTERVAL WEEKDAY(`t0`.`published_at`) DAY), '%Y-%m-%d') AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` GROUP BY 1 ORDER BY `value` DESC",
      [],
    ],
    [
      'sqlite',
      'group date quarter',
      'SELECT (strftime(\'%Y\', datetime("t0"."published_at")) || \'-\' || printf(\'%02d\', (CAST(strftime(\'%m\', datetime("t0"."published_at")) AS INTEGER) + 2) / 3 * 3 - 2) || \'-01\') AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" GROUP BY 1 ORDER BY "value" DESC',
      [],
    ],
    [
      'postgres',
      'group date quarter',
      'SELECT to_char(date_trunc(\'quarter\', ("t0"."published_at"::timestamptz AT TIME ZONE \'UTC\')), \'YYYY-MM-DD\') AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" GROUP BY 1 ORDER BY "value" DESC NULLS LAST',
      [],
    ],
    [
      'mysql',
      'group date quarter',
      "SELECT CONCAT(YEAR(`t0`.`published_at`), '-', LPAD(QUARTER(`t0`.`published_at`) * 3 - 2, 2, '0'), '-01') AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` GROUP BY 1 ORDER BY `value` DESC",
      [],
    ],
    [
      'mariadb',
      'group date quarter',
      "SELECT CONCAT(YEAR(`t0`.`published_at`), '-', LPAD(QUARTER(`t0`.`published_at`) * 3 - 2, 2, '0'), '-01') AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` GROUP BY 1 ORDER BY `value` DESC",
      [],
    ],
    [
      'sqlite',
      'group date year',
      'SELECT strftime(\'%Y-01-01\', datetime("t0"."published_at")) AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" GROUP BY 1 ORDER BY "value" DESC',
      [],
    ],
    [
      'postgres',
      'group date year',
      'SELECT to_char(date_trunc(\'year\', ("t0"."published_at"::timestamptz AT TIME ZONE \'UTC\')), \'YYYY-MM-DD\') AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" GROUP BY 1 ORDER BY "value" DESC NULLS LAST',
      [],
    ],
    [
      'mysql',
      'group date year',
      "SELECT DATE_FORMAT(`t0`.`published_at`, '%Y-01-01') AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` GROUP BY 1 ORDER BY `value` DESC",
      [],
    ],
    [
      'mariadb',
      'group date year',
      "SELECT DATE_FORMAT(`t0`.`published_at`, '%Y-01-01') AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` GROUP BY 1 ORDER BY `value` DESC",
      [],
    ],
    [
      'sqlite',
      'group dateonly month tz',
      'SELECT strftime(\'%Y-%m-01\', datetime("t0"."released_on")) AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" GROUP BY 1 ORDER BY "value" DESC',
      [],
    ],
    [
      'postgres',
      'group dateonly month tz',
      'SELECT to_char(date_trunc(\'month\', "t0"."released_on"::timestamp), \'YYYY-MM-DD\') AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" GROUP BY 1 ORDER BY "value" DESC NULLS LAST',
      [],
    ],
    [
      'mysql',
      'group dateonly month tz',
      "SELECT DATE_FORMAT(`t0`.`released_on`, '%Y-%m-01') AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` GROUP BY 1 ORDER BY `value` DESC",
      [],
    ],
    [
      'mariadb',
      'group dateonly month tz',
      "SELECT DATE_FORMAT(`t0`.`released_on`, '%Y-%m-01') AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` GROUP BY 1 ORDER BY `value` DESC",
      [],
    ],
    [
      'sqlite',
      'group date fixed tz',
      'SELECT strftime(\'%Y-%m-01\', datetime("t0"."published_at", \'+540 minutes\')) AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" GROUP BY 1 ORDER BY "value" DESC',
      [],
    ],
    [
      'postgres',
      'group date fixed tz',
      'SELECT to_char(date_trunc(\'month\', ("t0"."published_at"::timestamptz AT TIME ZONE \'Asia/Tokyo\')), \'YYYY-MM-DD\') AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" GROUP BY 1 ORDER BY "value" DESC NULLS LAST',
      [],
    ],
    [
      'mysql',
      'group date fixed tz',
      "SELECT DATE_FORMAT(DATE_ADD(`t0`.`published_at`, INTERVAL 540 MINUTE), '%Y-%m-01') AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` GROUP BY 1 ORDER BY `value` DESC",
      [],
    ],
    [
      'mariadb',
      'group date fixed tz',
      "SELECT DATE_FORMAT(DATE_ADD(`t0`.`published_at`, INTERVAL 540 MINUTE), '%Y-%m-01') AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` GROUP BY 1 ORDER BY `value` DESC",
      [],
    ],
    [
      'sqlite',
      'group date bounded tz',
      'SELECT CASE WHEN julianday("t0"."published_at") < julianday(\'2024-12-31T23:00:00.000Z\') THEN \'2024-01-01\' ELSE CASE WHEN julianday("t0"."published_at") IS NOT NULL THEN \'2025-01-01\' END END AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" WHERE (julianday("t0"."published_at") >= julianday($1) AND julianday("t0"."published_at") < julianday($2)) GROUP BY 1 ORDER BY "value" DESC',
      ['2024-01-01T00:00:00.000Z', '2024-12-31T23:00:00.000Z'],
    ],
    [
      'postgres',
      'group date bounded tz',
      'SELECT to_char(date_trunc(\'year\', ("t0"."published_at"::timestamptz AT TIME ZONE \'Europe/Paris\')), \'YYYY-MM-DD\') AS "g0", COUNT(*) AS "value" FROM "books" AS "t0" WHERE ("t0"."published_at" >= $1 AND "t0"."published_at" < $2) GROUP BY 1 ORDER BY "value" DESC NULLS LAST',
      [new Date('2024-01-01T00:00:00.000Z'), new Date('2024-12-31T23:00:00.000Z')],
    ],
    [
      'mysql',
      'group date bounded tz',
      "SELECT CASE WHEN `t0`.`published_at` < '2024-12-31 23:00:00' THEN '2024-01-01' ELSE CASE WHEN `t0`.`published_at` IS NOT NULL THEN '2025-01-01' END END AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` WHERE (`t0`.`published_at` >= $1 AND `t0`.`published_at` < $2) GROUP BY 1 ORDER BY `value` DESC",
      [new Date('2024-01-01T00:00:00.000Z'), new Date('2024-12-31T23:00:00.000Z')],
    ],
    [
      'mariadb',
      'group date bounded tz',
      "SELECT CASE WHEN `t0`.`published_at` < '2024-12-31 23:00:00' THEN '2024-01-01' ELSE CASE WHEN `t0`.`published_at` IS NOT NULL THEN '2025-01-01' END END AS `g0`, COUNT(*) AS `value` FROM `books` AS `t0` WHERE (`t0`.`published_at` >= $1 AND `t0`.`published_at` < $2) GROUP BY 1 ORDER BY `value` DESC",
      [new Date('2024-01-01T00:00:00.000Z'), new Date('2024-12-31T23:00:00.000Z')],
    ],
    [
      'sqlite',
      'odd table',
      'SELECT COUNT(*) AS "value" FROM "sales"."order ""lines`" AS "t0" LIMIT 5',
      [],
    ],
    [
      'postgres',
      'odd table',
      'SELECT COUNT(*) AS "value" FROM "sales"."order ""lines`" AS "t0" LIMIT 5',
      [],
    ],
    [
      'mysql',
      'odd table',
      'SELECT COUNT(*) AS `value` FROM `sales`.`order "lines``` AS `t0` LIMIT 5',
      [],
    ],
    [
      'mariadb',
      'odd table',
      'SELECT COUNT(*) AS `value` FROM `sales`.`order "lines``` AS `t0` LIMIT 5',
      [],
    ],
  ])('%s: %s', (name, label, sql, bind) => {
    const [collection, filter, aggregation, zone, limit] = aggregates[label] as [
      string,
      Filter,
      Aggregation,
      string,
      number | undefined,
    ];

    expect(
      buildAggregate(sqlUnitRegistry, sqlDialect(name), collection, {
        filter,
        aggregation,
        timezone: zone,
        limit,
      }),
    ).toMatchObject({ sql, bind });
  });
});

describe('buildAggregate: refusals', () => {
  it.each(sqlDialects)(
    '%s: a zone name that is not a timezone never enters the SQL',
    (_, dialect) => {
      expect(() =>
        buildAggregate(sqlUnitRegistry, dialect, 'books', {
          filter: everything,
          aggregation: byDate('Month'),
          timezone: "UTC') ; DROP TABLE books; --",
        }),
      ).toThrow(
        expect.objectContaining({
          code: 'ValidationError',
          message: "Invalid timezone: 'UTC') ; DROP TABLE books; --'",
        }),
      );
    },
  );

  it.each(sqlDialects)('%s: a group on an unknown field is a ValidationError', (_, dialect) => {
    expect(() =>
      buildAggregate(sqlUnitRegistry, dialect, 'books', {
        filter: everything,
        aggregation: new Aggregation({ operation: 'Count', groups: [{ field: 'nope' }] }),
        timezone: 'UTC',
      }),
    ).toThrow('Invalid access: "nope" on "books" does not exist.');
  });
});

describe('buildAggregate: results', () => {
  it.each(sqlDialects)(
    '%s: counts and sums read as numbers, whatever the driver returns',
    (_, dialect) => {
      const query = buildAggregate(sqlUnitRegistry, dialect, 'books', {
        filter: everything,
        aggregation: new Aggregation({
          operation: 'Sum',
          field: 'price',
          groups: [{ field: 'author:name' }],
        }),
        timezone: 'UTC',
      });

      expect(
        query.toResults([
          { g0: 'Ada', value: '12.50' },
          { g0: null, value: 3n },
          { g0: 'Bo', value: null },
        ]),
      ).toEqual([
        { value: 12.5, group: { 'author:name': 'Ada' } },
        { value: 3, group: { 'author:name': null } },
        { value: null, group: { 'author:name': 'Bo' } },
      ]);
    },
  );

  it.each(sqlDialects)(
    '%s: Max of a date reads as an ISO instant, a date group as its text',
    (_, dialect) => {
      const query = buildAggregate(sqlUnitRegistry, dialect, 'books', {
        filter: everything,
        aggregation: new Aggregation({
          operation: 'Max',
          field: 'published_at',
          groups: [{ field: 'published_at', operation: 'Month' }],
        }),
        timezone: 'UTC',
      });

      expect(query.toResults([{ g0: '2024-05-01', value: '2024-05-03 10:00:00' }])).toEqual([
        { value: '2024-05-03T10:00:00.000Z', group: { published_at: '2024-05-01' } },
      ]);
    },
  );
});
