import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Filter,
  PaginatedFilter,
  Projection,
} from '@grove/datasource-toolkit';
import { Sequelize } from 'sequelize';
import type { SqlDialectName } from '../../src';
import { buildSelect } from '../../src/sql/build-select';
import { buildUpdate } from '../../src/sql/build-writes';
import { sqlDialect, sqlUnitRegistry } from '../helpers/sql-models';

/** Sequelize's bind formatting, the last step before the driver: one instance per dialect. */
interface Formatter {
  readonly dialect: {
    readonly Query: {
      formatBindParameters(sql: string, bind: unknown[], dialect: string): [string, unknown];
    };
  };
}

// No connection is opened: Sequelize connects on the first query only.
const instances = new Map<SqlDialectName, Sequelize>(
  (['sqlite', 'postgres', 'mysql', 'mariadb'] as const).map(name => [
    name,
    new Sequelize({ dialect: name, logging: false }),
  ]),
);
afterAll(async () => {
  for (const sequelize of instances.values()) await sequelize.close();
});

/** What the driver receives for a statement, as `SqlConnection` has Sequelize format it. */
function driverStatement(name: SqlDialectName, statement: { sql: string; bind: unknown[] }) {
  const sequelize = instances.get(name) as unknown as Formatter;
  const [sql, parameters] = sequelize.dialect.Query.formatBindParameters(
    statement.sql,
    [...statement.bind],
    name,
  );

  return { sql, parameters };
}

const payload = "x' OR 1=1; -- $2 ?";
const filtered = new PaginatedFilter({
  conditionTree: ConditionTreeFactory.intersect(
    new ConditionTreeLeaf('$type', 'Equal', payload),
    new ConditionTreeLeaf('a $$b', 'In', ['p', 'q']),
  ),
});

describe('statements as their driver receives them', () => {
  it.each<[SqlDialectName, string, unknown]>([
    [
      'sqlite',
      'SELECT "t0"."$type" AS "c0" FROM "$ledger" AS "t0" WHERE ("t0"."$type" = $1 AND ("t0"."a $$b" IN ($2, $3)))',
      { $1: payload, $2: 'p', $3: 'q' },
    ],
    [
      'postgres',
      'SELECT "t0"."$type" AS "c0" FROM "$ledger" AS "t0" WHERE ("t0"."$type" = $1 AND ("t0"."a $$b" IN ($2, $3)))',
      [payload, 'p', 'q'],
    ],
    [
      'mysql',
      'SELECT `t0`.`$type` AS `c0` FROM `$ledger` AS `t0` WHERE (`t0`.`$type` = ? AND (`t0`.`a $$b` IN (?, ?)))',
      [payload, 'p', 'q'],
    ],
    [
      'mariadb',
      'SELECT `t0`.`$type` AS `c0` FROM `$ledger` AS `t0` WHERE (`t0`.`$type` = ? AND (`t0`.`a $$b` IN (?, ?)))',
      [payload, 'p', 'q'],
    ],
  ])('%s: names with `$` stay names, values stay parameters', (name, sql, parameters) => {
    const query = buildSelect(
      sqlUnitRegistry,
      sqlDialect(name),
      '$ledger',
      filtered,
      new Projection('$type'),
    );

    expect(driverStatement(name, query)).toEqual({ sql, parameters });
  });

  it.each<[SqlDialectName, string]>([
    ['sqlite', 'SELECT "t0"."a $$b" AS "c0" FROM "$ledger" AS "t0" WHERE 1 = 1'],
    ['postgres', 'SELECT "t0"."a $$b" AS "c0" FROM "$ledger" AS "t0" WHERE 1 = 1'],
    ['mysql', 'SELECT `t0`.`a $$b` AS `c0` FROM `$ledger` AS `t0` WHERE 1 = 1'],
    ['mariadb', 'SELECT `t0`.`a $$b` AS `c0` FROM `$ledger` AS `t0` WHERE 1 = 1'],
  ])('%s: a statement without values reads the same names', (name, sql) => {
    const query = buildSelect(
      sqlUnitRegistry,
      sqlDialect(name),
      '$ledger',
      new PaginatedFilter({}),
      new Projection('a $$b'),
    );

    expect(query.bind).toEqual([]);
    expect(driverStatement(name, query).sql).toBe(sql);
  });

  it.each<SqlDialectName>(['mysql', 'mariadb'])(
    '%s: positional parameters follow the order of the SET then the WHERE',
    name => {
      const statement = buildUpdate(
        sqlUnitRegistry,
        sqlDialect(name),
        'books',
        new Filter({ conditionTree: new ConditionTreeLeaf('author:name', 'Equal', 'Ada') }),
        { title: payload, price: 3 },
      );

      expect(driverStatement(name, statement)).toEqual({
        sql:
          'UPDATE `books` SET `title` = ?, `price` = ? WHERE `id` IN (SELECT * FROM (SELECT `t0`.`id` ' +
          'FROM `books` AS `t0` LEFT JOIN `authors` AS `j1` ON `j1`.`id` = `t0`.`author_id` WHERE `j1`.`name` = ?) AS `matching`)',
        parameters: [payload, 3, 'Ada'],
      });
    },
  );

  it('sqlite: the JSON path literal of an array match is not taken for a parameter', () => {
    const query = buildSelect(
      sqlUnitRegistry,
      sqlDialect('sqlite'),
      'books',
      new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('data', 'IncludesAll', ['x']) }),
      new Projection('id'),
    );

    expect(driverStatement('sqlite', query)).toEqual({
      sql:
        'SELECT "t0"."id" AS "c0" FROM "books" AS "t0" WHERE ((json_type("t0"."data") = \'array\' AND ' +
        'EXISTS (SELECT 1 FROM json_each("t0"."data") e WHERE e.value = json_extract($1, \'$[0]\'))))',
      parameters: { $1: '["x"]' },
    });
  });
});
