import {
  Aggregation,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Filter,
  type ConditionTree,
} from '@grove/datasource-toolkit';
import type { IntrospectedColumn, IntrospectedTable } from '../../src';
import { buildTableModel } from '../../src/schema/table-model';
import { buildAggregate } from '../../src/sql/build-aggregate';
import { dateRangeOf } from '../../src/sql/date-range';
import { MysqlDialect } from '../../src/sql/mysql-dialect';
import { PostgresDialect } from '../../src/sql/postgres-dialect';
import type { ModelRegistry } from '../../src/sql/query-scope';
import type { SqlDialect } from '../../src/sql/sql-dialect';
import { SqliteDialect } from '../../src/sql/sqlite-dialect';
import { offsetPeriods, periodsWithin } from '../../src/sql/timezone-offsets';

const at = (text: string) => Date.parse(text);
const leaf = (operator: ConditionTreeLeaf['operator'], value: unknown, field = 'ordered_at') =>
  new ConditionTreeLeaf(field, operator, value);
const and = (...trees: ConditionTree[]) =>
  ConditionTreeFactory.intersect(...trees) as ConditionTree;
const or = (...trees: ConditionTree[]) => ConditionTreeFactory.union(...trees) as ConditionTree;

describe('dateRangeOf', () => {
  it.each([
    ['no filter', null, {}],
    ['After', leaf('After', '2024-01-01T00:00:00Z'), { from: at('2024-01-01T00:00:00Z') }],
    ['GreaterThan', leaf('GreaterThan', '2024-01-01'), { from: at('2024-01-01') }],
    ['GreaterThanOrEqual (Date)', leaf('GreaterThanOrEqual', new Date(5)), { from: 5 }],
    ['Before', leaf('Before', '2024-06-01T00:00:00Z'), { to: at('2024-06-01T00:00:00Z') }],
    ['LessThan', leaf('LessThan', '2024-06-01'), { to: at('2024-06-01') }],
    ['LessThanOrEqual', leaf('LessThanOrEqual', '2024-06-01'), { to: at('2024-06-01') }],
    ['Equal', leaf('Equal', '2024-06-01'), { from: at('2024-06-01'), to: at('2024-06-01') }],
    [
      'In (nulls select rows needing no offset)',
      leaf('In', ['2024-06-01', null, '2024-02-01']),
      { from: at('2024-02-01'), to: at('2024-06-01') },
    ],
    ['In with an unreadable date', leaf('In', ['2024-06-01', 'soon']), {}],
    ['Equal null', leaf('Equal', null), {}],
    ['an unreadable date', leaf('After', 'yesterday'), {}],
    ['another field', leaf('After', '2024-01-01', 'created_at'), {}],
    ['NotEqual', leaf('NotEqual', '2024-01-01'), {}],
    ['Present', leaf('Present', undefined), {}],
    [
      'And: both sides, the tightest bound wins',
      and(
        leaf('After', '2024-01-01'),
        leaf('After', '2024-03-01'),
        leaf('Before', '2024-06-01'),
        leaf('Equal', 'paid', 'status'),
      ),
      { from: at('2024-03-01'), to: at('2024-06-01') },
    ],
    [
      'Or: the hull of its branches',
      or(
        and(leaf('After', '2024-01-01'), leaf('Before', '2024-02-01')),
        and(leaf('After', '2024-05-01'), leaf('Before', '2024-06-01')),
      ),
      { from: at('2024-01-01'), to: at('2024-06-01') },
    ],
    [
      'Or: a branch unbounded on one side opens that side',
      or(
        leaf('After', '2024-01-01'),
        and(leaf('After', '2024-05-01'), leaf('Before', '2024-06-01')),
      ),
      { from: at('2024-01-01') },
    ],
    [
      'Or: a branch on another field opens it',
      or(leaf('After', '2024-01-01'), leaf('Equal', 1, 'id')),
      {},
    ],
  ])('%s', (_, tree, expected) => {
    expect(dateRangeOf(tree, 'ordered_at')).toEqual(expected);
  });
});

describe('periodsWithin', () => {
  const paris = offsetPeriods('Europe/Paris');

  it('keeps the periods a range overlaps, boundaries included', () => {
    expect(
      periodsWithin(paris, { from: at('2024-01-01T00:00:00Z'), to: at('2024-12-31T00:00:00Z') }),
    ).toEqual([
      { from: at('2023-10-29T01:00:00Z'), offset: 60 },
      { from: at('2024-03-31T01:00:00Z'), offset: 120 },
      { from: at('2024-10-27T01:00:00Z'), offset: 60 },
    ]);
    // The instant of a change belongs to the period it starts.
    expect(
      periodsWithin(paris, { from: at('2024-03-31T01:00:00Z'), to: at('2024-03-31T01:00:00Z') }),
    ).toEqual([{ from: at('2024-03-31T01:00:00Z'), offset: 120 }]);
    expect(
      periodsWithin(paris, {
        to: at('2024-03-31T00:59:59.999Z'),
        from: at('2024-03-31T00:00:00Z'),
      }),
    ).toEqual([{ from: at('2023-10-29T01:00:00Z'), offset: 60 }]);
  });

  it('keeps everything without a bound, and the ends of the table beyond it', () => {
    expect(periodsWithin(paris, {})).toEqual(paris);
    expect(periodsWithin(paris, { to: at('1960-01-01') })).toEqual([paris[0]]);
    expect(periodsWithin(paris, { from: at('2200-01-01') })).toEqual([paris.at(-1)]);
  });
});

function column(name: string, options: Partial<IntrospectedColumn> = {}): IntrospectedColumn {
  return {
    name,
    type: { type: 'scalar', subType: 'STRING' },
    defaultValue: null,
    isLiteralDefaultValue: false,
    allowNull: false,
    autoIncrement: false,
    generated: false,
    primaryKey: false,
    constraints: [],
    ...options,
  };
}

const orders: IntrospectedTable = {
  name: 'orders',
  unique: [['id']],
  columns: [
    column('id', { type: { type: 'scalar', subType: 'INTEGER' }, primaryKey: true }),
    column('status'),
    column('ordered_at', { type: { type: 'scalar', subType: 'DATE' } }),
  ],
};
const model = buildTableModel(orders, false, () => undefined).model;
const registry: ModelRegistry = { model: () => model, relation: () => undefined };
const byMonth = new Aggregation({
  operation: 'Count',
  groups: [{ field: 'ordered_at', operation: 'Month' }],
});
const byDay = new Aggregation({
  operation: 'Count',
  groups: [{ field: 'ordered_at', operation: 'Day' }],
});
const monthSql = (
  dialect: SqlDialect,
  tree: ConditionTree | null,
  timezone = 'Europe/Paris',
  aggregation = byMonth,
) =>
  buildAggregate(registry, dialect, 'orders', {
    filter: new Filter({ conditionTree: tree }),
    aggregation,
    timezone,
  });
// More days than `maxBucketSteps`: the groups shift rows by their offset period.
const daySql = (dialect: SqlDialect, tree: ConditionTree | null) =>
  monthSql(dialect, tree, 'Europe/Paris', byDay);
const year2024 = and(
  leaf('GreaterThanOrEqual', '2024-01-01T00:00:00Z'),
  leaf('LessThan', '2025-01-01T00:00:00Z'),
);

describe('buildAggregate: date groups in a zone with DST', () => {
  it('sqlite: one julianday CASE over the three periods of 2024', () => {
    const { sql, bind } = daySql(new SqliteDialect(), year2024);
    const instant = 'julianday("t0"."ordered_at")';
    const shift =
      `CASE WHEN ${instant} < julianday('2024-03-31T01:00:00.000Z') THEN '+60 minutes' ` +
      `ELSE CASE WHEN ${instant} < julianday('2024-10-27T01:00:00.000Z') THEN '+120 minutes' ELSE '+60 minutes' END END`;

    expect(sql).toBe(
      `SELECT date(datetime("t0"."ordered_at", ${shift})) AS "g0", COUNT(*) AS "value" ` +
        `FROM "orders" AS "t0" WHERE (julianday("t0"."ordered_at") >= julianday($1) AND ` +
        `julianday("t0"."ordered_at") < julianday($2)) GROUP BY 1 ORDER BY "value" DESC`,
    );
    expect(bind).toEqual(['2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z']);
  });

  it('mysql: the same three periods as UTC DATETIME literals', () => {
    const { sql } = daySql(new MysqlDialect('mariadb', true), year2024);

    expect(sql).toContain(
      "DATE_FORMAT(DATE_ADD(`t0`.`ordered_at`, INTERVAL CASE WHEN `t0`.`ordered_at` < '2024-03-31 01:00:00' THEN 60 " +
        "ELSE CASE WHEN `t0`.`ordered_at` < '2024-10-27 01:00:00' THEN 120 ELSE 60 END END MINUTE), '%Y-%m-%d')",
    );
  });

  it.each([
    ['sqlite', new SqliteDialect()],
    ['mariadb', new MysqlDialect('mariadb', true)],
  ])('%s: the SQL grows with the range, not with the zone', (_, dialect) => {
    const cases = (tree: ConditionTree | null) =>
      daySql(dialect, tree).sql.split('CASE WHEN').length - 1;
    const full = daySql(dialect, null).sql;
    const decade = and(leaf('After', '2015-01-01'), leaf('Before', '2025-01-01'));

    expect(cases(year2024)).toBe(2);
    expect(cases(decade)).toBe(20);
    expect(cases(null)).toBe(offsetPeriods('Europe/Paris').length - 1);
    expect(daySql(dialect, year2024).sql.length).toBeLessThan(900);
    expect(full.length).toBeGreaterThan(10_000);
  });

  it.each([
    ['sqlite', new SqliteDialect(), `datetime("t0"."ordered_at", '+60 minutes')`],
    [
      'mariadb',
      new MysqlDialect('mariadb', true),
      'DATE_ADD(`t0`.`ordered_at`, INTERVAL 60 MINUTE)',
    ],
  ])('%s: a range within one period shifts by its offset, no CASE', (_, dialect, shifted) => {
    const winter = and(leaf('After', '2024-10-28'), leaf('Before', '2025-03-01'));
    const { sql } = daySql(dialect, winter);

    expect(sql).toContain(shifted);
    expect(sql).not.toContain('CASE');
  });

  it('postgres: AT TIME ZONE, whatever the range', () => {
    expect(monthSql(new PostgresDialect(), year2024).sql).toBe(
      `SELECT to_char(date_trunc('month', ("t0"."ordered_at"::timestamptz AT TIME ZONE 'Europe/Paris')), 'YYYY-MM-DD') AS "g0", ` +
        'COUNT(*) AS "value" FROM "orders" AS "t0" WHERE ("t0"."ordered_at" >= $1 AND "t0"."ordered_at" < $2) ' +
        'GROUP BY 1 ORDER BY "value" DESC NULLS LAST',
    );
  });
});

describe('buildAggregate: date groups over the buckets of a bounded range', () => {
  it('sqlite: a balanced julianday CASE over the instants Paris months of 2024 start at', () => {
    const { sql } = monthSql(new SqliteDialect(), year2024);
    const group = sql.slice('SELECT '.length, sql.indexOf(' AS "g0"'));

    expect(
      group.startsWith(
        `CASE WHEN julianday("t0"."ordered_at") < julianday('2024-06-30T22:00:00.000Z') THEN CASE WHEN julianday("t0"."ordered_at") < julianday('2024-03-31T22:00:00.000Z') THEN CASE WHEN julianday("t0"."ordered_at") < julianday('2024-01-31T23:00:00.000Z') THEN '2024-01-01' ELSE`,
      ),
    ).toBe(true);
    expect(group.match(/CASE WHEN/g)).toHaveLength(13);
    expect(group).toContain(
      `CASE WHEN julianday("t0"."ordered_at") IS NOT NULL THEN '2025-01-01' END`,
    );
    expect(group).not.toMatch(/strftime|datetime/);
  });

  it('mariadb: the same steps as UTC DATETIME literals', () => {
    const { sql } = monthSql(new MysqlDialect('mariadb', true), year2024);

    expect(sql).toMatch(
      /^SELECT CASE WHEN `t0`.`ordered_at` < '2024-06-30 22:00:00' THEN CASE WHEN `t0`.`ordered_at` < '2024-03-31 22:00:00' THEN /,
    );
    expect(sql).toContain("CASE WHEN `t0`.`ordered_at` IS NOT NULL THEN '2025-01-01' END");
    expect(sql).not.toMatch(/DATE_FORMAT|DATE_ADD/);
  });

  it.each([
    ['sqlite', new SqliteDialect()],
    ['mariadb', new MysqlDialect('mariadb', true)],
  ])('%s: a range open on a side keeps the shift-and-format expression', (_, dialect) => {
    expect(monthSql(dialect, leaf('After', '2024-01-01')).sql).toMatch(/strftime|DATE_FORMAT/);
    expect(monthSql(dialect, leaf('Before', '2024-01-01')).sql).toMatch(/strftime|DATE_FORMAT/);
  });
});
