import {
  ConditionTreeBranch,
  ConditionTreeLeaf,
  type ConditionTree,
  type Operator,
} from '@grove/datasource-toolkit';
import type { SqlDialectName } from '../../src';
import { BindParams } from '../../src/sql/bind-params';
import { buildCondition } from '../../src/sql/build-condition';
import { QueryScope } from '../../src/sql/query-scope';
import { oddName, sqlDialect, sqlDialects, sqlUnitRegistry } from '../helpers/sql-models';

/** The WHERE expression of `tree` on `books` (alias `t0`) and its bound values. */
function where(name: SqlDialectName, tree: ConditionTree | null, collection = 'books') {
  const dialect = sqlDialect(name);
  const params = new BindParams();
  const scope = new QueryScope(sqlUnitRegistry, dialect, collection);
  const sql = buildCondition(tree, { scope, dialect, params });

  return { sql, bind: params.values, from: scope.from() };
}

const leaf = (field: string, operator: Operator, value?: unknown) =>
  new ConditionTreeLeaf(field, operator, value);

describe('buildCondition: every operator on every dialect', () => {
  // [dialect, field, operator, value, expected SQL, expected bound values]
  it.each<[SqlDialectName, string, Operator, unknown, string, unknown[]]>([
    ['sqlite', 'title', 'Equal', 'Atlas', '"t0"."title" = $1', ['Atlas']],
    ['postgres', 'title', 'Equal', 'Atlas', '"t0"."title" = $1', ['Atlas']],
    ['mysql', 'title', 'Equal', 'Atlas', '`t0`.`title` = $1', ['Atlas']],
    ['mariadb', 'title', 'Equal', 'Atlas', '`t0`.`title` = $1', ['Atlas']],
    [
      'sqlite',
      'title',
      'NotEqual',
      'Atlas',
      '(NOT ("t0"."title" = $1) OR "t0"."title" IS NULL)',
      ['Atlas'],
    ],
    [
      'postgres',
      'title',
      'NotEqual',
      'Atlas',
      '(NOT ("t0"."title" = $1) OR "t0"."title" IS NULL)',
      ['Atlas'],
    ],
    [
      'mysql',
      'title',
      'NotEqual',
      'Atlas',
      '(NOT (`t0`.`title` = $1) OR `t0`.`title` IS NULL)',
      ['Atlas'],
    ],
    [
      'mariadb',
      'title',
      'NotEqual',
      'Atlas',
      '(NOT (`t0`.`title` = $1) OR `t0`.`title` IS NULL)',
      ['Atlas'],
    ],
    ['sqlite', 'title', 'NotEqual', null, '"t0"."title" IS NOT NULL', []],
    ['postgres', 'title', 'NotEqual', null, '"t0"."title" IS NOT NULL', []],
    ['mysql', 'title', 'NotEqual', null, '`t0`.`title` IS NOT NULL', []],
    ['mariadb', 'title', 'NotEqual', null, '`t0`.`title` IS NOT NULL', []],
    ['sqlite', 'title', 'Equal', null, '"t0"."title" IS NULL', []],
    ['postgres', 'title', 'Equal', null, '"t0"."title" IS NULL', []],
    ['mysql', 'title', 'Equal', null, '`t0`.`title` IS NULL', []],
    ['mariadb', 'title', 'Equal', null, '`t0`.`title` IS NULL', []],
    ['sqlite', 'title', 'In', ['a', 'b'], '("t0"."title" IN ($1, $2))', ['a', 'b']],
    ['postgres', 'title', 'In', ['a', 'b'], '("t0"."title" IN ($1, $2))', ['a', 'b']],
    ['mysql', 'title', 'In', ['a', 'b'], '(`t0`.`title` IN ($1, $2))', ['a', 'b']],
    ['mariadb', 'title', 'In', ['a', 'b'], '(`t0`.`title` IN ($1, $2))', ['a', 'b']],
    ['sqlite', 'title', 'In', [], '1 = 0', []],
    ['postgres', 'title', 'In', [], '1 = 0', []],
    ['mysql', 'title', 'In', [], '1 = 0', []],
    ['mariadb', 'title', 'In', [], '1 = 0', []],
    ['sqlite', 'title', 'In', ['a', null], '("t0"."title" IN ($1) OR "t0"."title" IS NULL)', ['a']],
    [
      'postgres',
      'title',
      'In',
      ['a', null],
      '("t0"."title" IN ($1) OR "t0"."title" IS NULL)',
      ['a'],
    ],
    ['mysql', 'title', 'In', ['a', null], '(`t0`.`title` IN ($1) OR `t0`.`title` IS NULL)', ['a']],
    [
      'mariadb',
      'title',
      'In',
      ['a', null],
      '(`t0`.`title` IN ($1) OR `t0`.`title` IS NULL)',
      ['a'],
    ],
    [
      'sqlite',
      'title',
      'NotIn',
      ['a', 'b'],
      '(NOT (("t0"."title" IN ($1, $2))) OR "t0"."title" IS NULL)',
      ['a', 'b'],
    ],
    [
      'postgres',
      'title',
      'NotIn',
      ['a', 'b'],
      '(NOT (("t0"."title" IN ($1, $2))) OR "t0"."title" IS NULL)',
      ['a', 'b'],
    ],
    [
      'mysql',
      'title',
      'NotIn',
      ['a', 'b'],
      '(NOT ((`t0`.`title` IN ($1, $2))) OR `t0`.`title` IS NULL)',
      ['a', 'b'],
    ],
    [
      'mariadb',
      'title',
      'NotIn',
      ['a', 'b'],
      '(NOT ((`t0`.`title` IN ($1, $2))) OR `t0`.`title` IS NULL)',
      ['a', 'b'],
    ],
    [
      'sqlite',
      'title',
      'NotIn',
      ['a', null],
      '("t0"."title" IS NOT NULL AND NOT ("t0"."title" IN ($1)))',
      ['a'],
    ],
    [
      'postgres',
      'title',
      'NotIn',
      ['a', null],
      '("t0"."title" IS NOT NULL AND NOT ("t0"."title" IN ($1)))',
      ['a'],
    ],
    [
      'mysql',
      'title',
      'NotIn',
      ['a', null],
      '(`t0`.`title` IS NOT NULL AND NOT (`t0`.`title` IN ($1)))',
      ['a'],
    ],
    [
      'mariadb',
      'title',
      'NotIn',
      ['a', null],
      '(`t0`.`title` IS NOT NULL AND NOT (`t0`.`title` IN ($1)))',
      ['a'],
    ],
    ['sqlite', 'title', 'NotIn', [], '(NOT (1 = 0) OR "t0"."title" IS NULL)', []],
    ['postgres', 'title', 'NotIn', [], '(NOT (1 = 0) OR "t0"."title" IS NULL)', []],
    ['mysql', 'title', 'NotIn', [], '(NOT (1 = 0) OR `t0`.`title` IS NULL)', []],
    ['mariadb', 'title', 'NotIn', [], '(NOT (1 = 0) OR `t0`.`title` IS NULL)', []],
    [
      'sqlite',
      'summary',
      'Present',
      null,
      '("t0"."summary" IS NOT NULL AND "t0"."summary" <> \'\')',
      [],
    ],
    [
      'postgres',
      'summary',
      'Present',
      null,
      '("t0"."summary" IS NOT NULL AND "t0"."summary" <> \'\')',
      [],
    ],
    [
      'mysql',
      'summary',
      'Present',
      null,
      "(`t0`.`summary` IS NOT NULL AND `t0`.`summary` <> '')",
      [],
    ],
    [
      'mariadb',
      'summary',
      'Present',
      null,
      "(`t0`.`summary` IS NOT NULL AND `t0`.`summary` <> '')",
      [],
    ],
    ['sqlite', 'price', 'Present', null, '"t0"."price" IS NOT NULL', []],
    ['postgres', 'price', 'Present', null, '"t0"."price" IS NOT NULL', []],
    ['mysql', 'price', 'Present', null, '`t0`.`price` IS NOT NULL', []],
    ['mariadb', 'price', 'Present', null, '`t0`.`price` IS NOT NULL', []],
    ['sqlite', 'summary', 'Blank', null, '("t0"."summary" IS NULL OR "t0"."summary" = \'\')', []],
    ['postgres', 'summary', 'Blank', null, '("t0"."summary" IS NULL OR "t0"."summary" = \'\')', []],
    ['mysql', 'summary', 'Blank', null, "(`t0`.`summary` IS NULL OR `t0`.`summary` = '')", []],
    ['mariadb', 'summary', 'Blank', null, "(`t0`.`summary` IS NULL OR `t0`.`summary` = '')", []],
    ['sqlite', 'price', 'Blank', null, '"t0"."price" IS NULL', []],
    ['postgres', 'price', 'Blank', null, '"t0"."price" IS NULL', []],
    ['mysql', 'price', 'Blank', null, '`t0`.`price` IS NULL', []],
    ['mariadb', 'price', 'Blank', null, '`t0`.`price` IS NULL', []],
    ['sqlite', 'summary', 'Missing', null, '"t0"."summary" IS NULL', []],
    ['postgres', 'summary', 'Missing', null, '"t0"."summary" IS NULL', []],
    ['mysql', 'summary', 'Missing', null, '`t0`.`summary` IS NULL', []],
    ['mariadb', 'summary', 'Missing', null, '`t0`.`summary` IS NULL', []],
    ['sqlite', 'price', 'LessThan', 10, '"t0"."price" < $1', [10]],
    ['postgres', 'price', 'LessThan', 10, '"t0"."price" < $1', [10]],
    ['mysql', 'price', 'LessThan', 10, '`t0`.`price` < $1', [10]],
    ['mariadb', 'price', 'LessThan', 10, '`t0`.`price` < $1', [10]],
    ['sqlite', 'price', 'GreaterThanOrEqual', 10, '"t0"."price" >= $1', [10]],
    ['postgres', 'price', 'GreaterThanOrEqual', 10, '"t0"."price" >= $1', [10]],
    ['mysql', 'price', 'GreaterThanOrEqual', 10, '`t0`.`price` >= $1', [10]],
    ['mariadb', 'price', 'GreaterThanOrEqual', 10, '`t0`.`price` >= $1', [10]],
    [
      'sqlite',
      'published_at',
      'Before',
      '2024-01-01T00:00:00Z',
      'julianday("t0"."published_at") < julianday($1)',
      ['2024-01-01T00:00:00.000Z'],
    ],
    [
      'postgres',
      'published_at',
      'Before',
      '2024-01-01T00:00:00Z',
      '"t0"."published_at" < $1',
      [new Date('2024-01-01T00:00:00.000Z')],
    ],
    [
      'mysql',
      'published_at',
      'Before',
      '2024-01-01T00:00:00Z',
      '`t0`.`published_at` < $1',
      [new Date('2024-01-01T00:00:00.000Z')],
    ],
    [
      'mariadb',
      'published_at',
      'Before',
      '2024-01-01T00:00:00Z',
      '`t0`.`published_at` < $1',
      [new Date('2024-01-01T00:00:00.000Z')],
    ],
    [
      'sqlite',
      'published_at',
      'Equal',
      '2024-01-01T00:00:00Z',
      'strftime(\'%Y-%m-%dT%H:%M:%fZ\', "t0"."published_at") = $1',
      ['2024-01-01T00:00:00.000Z'],
    ],
    [
      'postgres',
      'published_at',
      'Equal',
      '2024-01-01T00:00:00Z',
      '"t0"."published_at" = $1',
      [new Date('2024-01-01T00:00:00.000Z')],
    ],
    [
      'mysql',
      'published_at',
      'Equal',
      '2024-01-01T00:00:00Z',
      '`t0`.`published_at` = $1',
      [new Date('2024-01-01T00:00:00.000Z')],
    ],
    [
      'mariadb',
      'published_at',
      'Equal',
      '2024-01-01T00:00:00Z',
      '`t0`.`published_at` = $1',
      [new Date('2024-01-01T00:00:00.000Z')],
    ],
    [
      'sqlite',
      'released_on',
      'After',
      '2024-01-01T10:00:00Z',
      '"t0"."released_on" > $1',
      ['2024-01-01'],
    ],
    [
      'postgres',
      'released_on',
      'After',
      '2024-01-01T10:00:00Z',
      '"t0"."released_on" > $1',
      ['2024-01-01'],
    ],
    [
      'mysql',
      'released_on',
      'After',
      '2024-01-01T10:00:00Z',
      '`t0`.`released_on` > $1',
      ['2024-01-01'],
    ],
    [
      'mariadb',
      'released_on',
      'After',
      '2024-01-01T10:00:00Z',
      '`t0`.`released_on` > $1',
      ['2024-01-01'],
    ],
    ['sqlite', 'title', 'Contains', '50%_off!', '"t0"."title" GLOB $1', ['*50%_off!*']],
    [
      'postgres',
      'title',
      'Contains',
      '50%_off!',
      '"t0"."title" LIKE $1 ESCAPE \'!\'',
      ['%50!%!_off!!%'],
    ],
    [
      'mysql',
      'title',
      'Contains',
      '50%_off!',
      "CONVERT(`t0`.`title` USING utf8mb4) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['%50!%!_off!!%'],
    ],
    [
      'mariadb',
      'title',
      'Contains',
      '50%_off!',
      "CONVERT(`t0`.`title` USING utf8mb4) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['%50!%!_off!!%'],
    ],
    [
      'sqlite',
      'title',
      'NotContains',
      'x',
      '(NOT ("t0"."title" GLOB $1) OR "t0"."title" IS NULL)',
      ['*x*'],
    ],
    [
      'postgres',
      'title',
      'NotContains',
      'x',
      '(NOT ("t0"."title" LIKE $1 ESCAPE \'!\') OR "t0"."title" IS NULL)',
      ['%x%'],
    ],
    [
      'mysql',
      'title',
      'NotContains',
      'x',
      "(NOT (CONVERT(`t0`.`title` USING utf8mb4) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!') OR `t0`.`title` IS NULL)",
      ['%x%'],
    ],
    [
      'mariadb',
      'title',
      'NotContains',
      'x',
      "(NOT (CONVERT(`t0`.`title` USING utf8mb4) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!') OR `t0`.`title` IS NULL)",
      ['%x%'],
    ],
    [
      'sqlite',
      'title',
      'IContains',
      'Élan',
      'REPLACE("t0"."title", $1, $2) LIKE $3 ESCAPE \'!\'',
      ['É', 'é', '%élan%'],
    ],
    ['postgres', 'title', 'IContains', 'Élan', '"t0"."title" ILIKE $1 ESCAPE \'!\'', ['%Élan%']],
    [
      'mysql',
      'title',
      'IContains',
      'Élan',
      "LOWER(CONVERT(`t0`.`title` USING utf8mb4)) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['%élan%'],
    ],
    [
      'mariadb',
      'title',
      'IContains',
      'Élan',
      "LOWER(CONVERT(`t0`.`title` USING utf8mb4)) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['%élan%'],
    ],
    [
      'sqlite',
      'title',
      'NotIContains',
      'a',
      '(NOT ("t0"."title" LIKE $1 ESCAPE \'!\') OR "t0"."title" IS NULL)',
      ['%a%'],
    ],
    [
      'postgres',
      'title',
      'NotIContains',
      'a',
      '(NOT ("t0"."title" ILIKE $1 ESCAPE \'!\') OR "t0"."title" IS NULL)',
      ['%a%'],
    ],
    [
      'mysql',
      'title',
      'NotIContains',
      'a',
      "(NOT (LOWER(CONVERT(`t0`.`title` USING utf8mb4)) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!') OR `t0`.`title` IS NULL)",
      ['%a%'],
    ],
    [
      'mariadb',
      'title',
      'NotIContains',
      'a',
      "(NOT (LOWER(CONVERT(`t0`.`title` USING utf8mb4)) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!') OR `t0`.`title` IS NULL)",
      ['%a%'],
    ],
    ['sqlite', 'title', 'StartsWith', 'a*b[c?', '"t0"."title" GLOB $1', ['a[*]b[[]c[?]*']],
    ['postgres', 'title', 'StartsWith', 'a*b[c?', '"t0"."title" LIKE $1 ESCAPE \'!\'', ['a*b[c?%']],
    [
      'mysql',
      'title',
      'StartsWith',
      'a*b[c?',
      "CONVERT(`t0`.`title` USING utf8mb4) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['a*b[c?%'],
    ],
    [
      'mariadb',
      'title',
      'StartsWith',
      'a*b[c?',
      "CONVERT(`t0`.`title` USING utf8mb4) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['a*b[c?%'],
    ],
    ['sqlite', 'title', 'IStartsWith', 'A', '"t0"."title" LIKE $1 ESCAPE \'!\'', ['a%']],
    ['postgres', 'title', 'IStartsWith', 'A', '"t0"."title" ILIKE $1 ESCAPE \'!\'', ['A%']],
    [
      'mysql',
      'title',
      'IStartsWith',
      'A',
      "LOWER(CONVERT(`t0`.`title` USING utf8mb4)) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['a%'],
    ],
    [
      'mariadb',
      'title',
      'IStartsWith',
      'A',
      "LOWER(CONVERT(`t0`.`title` USING utf8mb4)) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['a%'],
    ],
    ['sqlite', 'title', 'EndsWith', 'z', '"t0"."title" GLOB $1', ['*z']],
    ['postgres', 'title', 'EndsWith', 'z', '"t0"."title" LIKE $1 ESCAPE \'!\'', ['%z']],
    [
      'mysql',
      'title',
      'EndsWith',
      'z',
      "CONVERT(`t0`.`title` USING utf8mb4) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['%z'],
    ],
    [
      'mariadb',
      'title',
      'EndsWith',
      'z',
      "CONVERT(`t0`.`title` USING utf8mb4) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['%z'],
    ],
    ['sqlite', 'title', 'IEndsWith', 'Z', '"t0"."title" LIKE $1 ESCAPE \'!\'', ['%z']],
    ['postgres', 'title', 'IEndsWith', 'Z', '"t0"."title" ILIKE $1 ESCAPE \'!\'', ['%Z']],
    [
      'mysql',
      'title',
      'IEndsWith',
      'Z',
      "LOWER(CONVERT(`t0`.`title` USING utf8mb4)) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['%z'],
    ],
    [
      'mariadb',
      'title',
      'IEndsWith',
      'Z',
      "LOWER(CONVERT(`t0`.`title` USING utf8mb4)) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['%z'],
    ],
    ['sqlite', 'title', 'Like', 'a%b_c!', '"t0"."title" GLOB $1', ['a*b?c!']],
    ['postgres', 'title', 'Like', 'a%b_c!', '"t0"."title" LIKE $1 ESCAPE \'!\'', ['a%b_c!!']],
    [
      'mysql',
      'title',
      'Like',
      'a%b_c!',
      "CONVERT(`t0`.`title` USING utf8mb4) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['a%b_c!!'],
    ],
    [
      'mariadb',
      'title',
      'Like',
      'a%b_c!',
      "CONVERT(`t0`.`title` USING utf8mb4) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['a%b_c!!'],
    ],
    ['sqlite', 'title', 'ILike', 'A%', '"t0"."title" LIKE $1 ESCAPE \'!\'', ['a%']],
    ['postgres', 'title', 'ILike', 'A%', '"t0"."title" ILIKE $1 ESCAPE \'!\'', ['A%']],
    [
      'mysql',
      'title',
      'ILike',
      'A%',
      "LOWER(CONVERT(`t0`.`title` USING utf8mb4)) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['a%'],
    ],
    [
      'mariadb',
      'title',
      'ILike',
      'A%',
      "LOWER(CONVERT(`t0`.`title` USING utf8mb4)) COLLATE utf8mb4_bin LIKE $1 ESCAPE '!'",
      ['a%'],
    ],
    ['sqlite', 'title', 'LongerThan', 3, 'LENGTH("t0"."title") > $1', [3]],
    ['postgres', 'title', 'LongerThan', 3, 'CHAR_LENGTH("t0"."title") > $1', [3]],
    ['mysql', 'title', 'LongerThan', 3, 'CHAR_LENGTH(`t0`.`title`) > $1', [3]],
    ['mariadb', 'title', 'LongerThan', 3, 'CHAR_LENGTH(`t0`.`title`) > $1', [3]],
    ['sqlite', 'title', 'ShorterThan', 5, 'LENGTH("t0"."title") < $1', [5]],
    ['postgres', 'title', 'ShorterThan', 5, 'CHAR_LENGTH("t0"."title") < $1', [5]],
    ['mysql', 'title', 'ShorterThan', 5, 'CHAR_LENGTH(`t0`.`title`) < $1', [5]],
    ['mariadb', 'title', 'ShorterThan', 5, 'CHAR_LENGTH(`t0`.`title`) < $1', [5]],
    ['sqlite', 'in_stock', 'Equal', true, '"t0"."in_stock" = $1', [1]],
    ['postgres', 'in_stock', 'Equal', true, '"t0"."in_stock" = $1', [true]],
    ['mysql', 'in_stock', 'Equal', true, '`t0`.`in_stock` = $1', [1]],
    ['mariadb', 'in_stock', 'Equal', true, '`t0`.`in_stock` = $1', [1]],
    ['sqlite', 'in_stock', 'In', [true, false], '("t0"."in_stock" IN ($1, $2))', [1, 0]],
    ['postgres', 'in_stock', 'In', [true, false], '("t0"."in_stock" IN ($1, $2))', [true, false]],
    ['mysql', 'in_stock', 'In', [true, false], '(`t0`.`in_stock` IN ($1, $2))', [1, 0]],
    ['mariadb', 'in_stock', 'In', [true, false], '(`t0`.`in_stock` IN ($1, $2))', [1, 0]],
    ['sqlite', 'genre', 'Equal', 'novel', '"t0"."genre" = $1', ['novel']],
    ['postgres', 'genre', 'Equal', 'novel', '"t0"."genre" = $1::genre', ['novel']],
    ['mysql', 'genre', 'Equal', 'novel', '`t0`.`genre` = $1', ['novel']],
    ['mariadb', 'genre', 'Equal', 'novel', '`t0`.`genre` = $1', ['novel']],
    ['sqlite', 'genre', 'Equal', 'poem', '1 = 0', []],
    ['postgres', 'genre', 'Equal', 'poem', '1 = 0', []],
    ['mysql', 'genre', 'Equal', 'poem', '1 = 0', []],
    ['mariadb', 'genre', 'Equal', 'poem', '1 = 0', []],
    ['sqlite', 'genre', 'In', ['novel', 'poem'], '("t0"."genre" IN ($1))', ['novel']],
    ['postgres', 'genre', 'In', ['novel', 'poem'], '("t0"."genre" IN ($1::genre))', ['novel']],
    ['mysql', 'genre', 'In', ['novel', 'poem'], '(`t0`.`genre` IN ($1))', ['novel']],
    ['mariadb', 'genre', 'In', ['novel', 'poem'], '(`t0`.`genre` IN ($1))', ['novel']],
    ['sqlite', 'genre', 'NotEqual', 'poem', '(NOT (1 = 0) OR "t0"."genre" IS NULL)', []],
    ['postgres', 'genre', 'NotEqual', 'poem', '(NOT (1 = 0) OR "t0"."genre" IS NULL)', []],
    ['mysql', 'genre', 'NotEqual', 'poem', '(NOT (1 = 0) OR `t0`.`genre` IS NULL)', []],
    ['mariadb', 'genre', 'NotEqual', 'poem', '(NOT (1 = 0) OR `t0`.`genre` IS NULL)', []],
    [
      'sqlite',
      'data',
      'Equal',
      { a: 1 },
      '(json_valid("t0"."data") AND NOT EXISTS (SELECT fullkey, type, atom FROM json_tree("t0"."data") EXCEPT SELECT fullkey, type, atom FROM json_tree($1)) AND NOT EXISTS (SELECT fullkey, type, atom FROM json_tree($1) EXCEPT SELECT fullkey, type, atom FROM json_tree("t0"."data")))',
      ['{"a":1}'],
    ],
    ['postgres', 'data', 'Equal', { a: 1 }, '"t0"."data"::jsonb = $1::jsonb', ['{"a":1}']],
    ['mysql', 'data', 'Equal', { a: 1 }, '`t0`.`data` = CAST($1 AS JSON)', ['{"a":1}']],
    [
      'mariadb',
      'data',
      'Equal',
      { a: 1 },
      '(`t0`.`data` IS NOT NULL AND JSON_EQUALS(`t0`.`data`, $1))',
      ['{"a":1}'],
    ],
    [
      'sqlite',
      'data',
      'In',
      [{ a: 1 }, null],
      '((json_valid("t0"."data") AND NOT EXISTS (SELECT fullkey, type, atom FROM json_tree("t0"."data") EXCEPT SELECT fullkey, type, atom FROM json_tree($1)) AND NOT EXISTS (SELECT fullkey, type, atom FROM json_tree($1) EXCEPT SELECT fullkey, type, atom FROM json_tree("t0"."data"))) OR "t0"."data" IS NULL)',
      ['{"a":1}'],
    ],
    [
      'postgres',
      'data',
      'In',
      [{ a: 1 }, null],
      '("t0"."data"::jsonb = $1::jsonb OR "t0"."data" IS NULL)',
      ['{"a":1}'],
    ],
    [
      'mysql',
      'data',
      'In',
      [{ a: 1 }, null],
      '(`t0`.`data` = CAST($1 AS JSON) OR `t0`.`data` IS NULL)',
      ['{"a":1}'],
    ],
    [
      'mariadb',
      'data',
      'In',
      [{ a: 1 }, null],
      '((`t0`.`data` IS NOT NULL AND JSON_EQUALS(`t0`.`data`, $1)) OR `t0`.`data` IS NULL)',
      ['{"a":1}'],
    ],
    [
      'sqlite',
      'data',
      'IncludesAll',
      ['x', 1],
      '((json_type("t0"."data") = \'array\' AND EXISTS (SELECT 1 FROM json_each("t0"."data") e WHERE e.value = json_extract($1, \'$[0]\'))) AND (json_type("t0"."data") = \'array\' AND EXISTS (SELECT 1 FROM json_each("t0"."data") e WHERE e.value = json_extract($2, \'$[0]\'))))',
      ['["x"]', '[1]'],
    ],
    [
      'postgres',
      'data',
      'IncludesAll',
      ['x', 1],
      '((jsonb_typeof("t0"."data"::jsonb) = \'array\' AND "t0"."data"::jsonb @> $1::jsonb) AND (jsonb_typeof("t0"."data"::jsonb) = \'array\' AND "t0"."data"::jsonb @> $2::jsonb))',
      ['["x"]', '[1]'],
    ],
    [
      'postgres',
      'meta',
      'IncludesAll',
      ['x'],
      '((jsonb_typeof("t0"."meta") = \'array\' AND "t0"."meta" @> $1::jsonb))',
      ['["x"]'],
    ],
    [
      'mysql',
      'data',
      'IncludesAll',
      ['x', 1],
      "((JSON_TYPE(`t0`.`data`) = 'ARRAY' AND JSON_CONTAINS(`t0`.`data`, $1)) AND (JSON_TYPE(`t0`.`data`) = 'ARRAY' AND JSON_CONTAINS(`t0`.`data`, $2)))",
      ['"x"', '1'],
    ],
    [
      'mariadb',
      'data',
      'IncludesAll',
      ['x', 1],
      "((JSON_TYPE(`t0`.`data`) = 'ARRAY' AND JSON_CONTAINS(`t0`.`data`, $1)) AND (JSON_TYPE(`t0`.`data`) = 'ARRAY' AND JSON_CONTAINS(`t0`.`data`, $2)))",
      ['"x"', '1'],
    ],
    ['sqlite', 'data', 'IncludesAll', [], '"t0"."data" IS NOT NULL', []],
    ['postgres', 'data', 'IncludesAll', [], '"t0"."data" IS NOT NULL', []],
    ['mysql', 'data', 'IncludesAll', [], '`t0`.`data` IS NOT NULL', []],
    ['mariadb', 'data', 'IncludesAll', [], '`t0`.`data` IS NOT NULL', []],
    [
      'sqlite',
      'data',
      'IncludesNone',
      ['x'],
      '(NOT (((json_type("t0"."data") = \'array\' AND EXISTS (SELECT 1 FROM json_each("t0"."data") e WHERE e.value = json_extract($1, \'$[0]\'))))) OR "t0"."data" IS NULL)',
      ['["x"]'],
    ],
    [
      'postgres',
      'data',
      'IncludesNone',
      ['x'],
      '(NOT (((jsonb_typeof("t0"."data"::jsonb) = \'array\' AND "t0"."data"::jsonb @> $1::jsonb))) OR "t0"."data" IS NULL)',
      ['["x"]'],
    ],
    [
      'mysql',
      'data',
      'IncludesNone',
      ['x'],
      "(NOT (((JSON_TYPE(`t0`.`data`) = 'ARRAY' AND JSON_CONTAINS(`t0`.`data`, $1)))) OR `t0`.`data` IS NULL)",
      ['"x"'],
    ],
    [
      'mariadb',
      'data',
      'IncludesNone',
      ['x'],
      "(NOT (((JSON_TYPE(`t0`.`data`) = 'ARRAY' AND JSON_CONTAINS(`t0`.`data`, $1)))) OR `t0`.`data` IS NULL)",
      ['"x"'],
    ],
    ['sqlite', 'data', 'IncludesNone', [], '(NOT (1 = 0) OR "t0"."data" IS NULL)', []],
    ['postgres', 'data', 'IncludesNone', [], '(NOT (1 = 0) OR "t0"."data" IS NULL)', []],
    ['mysql', 'data', 'IncludesNone', [], '(NOT (1 = 0) OR `t0`.`data` IS NULL)', []],
    ['mariadb', 'data', 'IncludesNone', [], '(NOT (1 = 0) OR `t0`.`data` IS NULL)', []],
    [
      'sqlite',
      'meta',
      'Equal',
      { a: 1 },
      '(json_valid("t0"."meta") AND NOT EXISTS (SELECT fullkey, type, atom FROM json_tree("t0"."meta") EXCEPT SELECT fullkey, type, atom FROM json_tree($1)) AND NOT EXISTS (SELECT fullkey, type, atom FROM json_tree($1) EXCEPT SELECT fullkey, type, atom FROM json_tree("t0"."meta")))',
      ['{"a":1}'],
    ],
    ['postgres', 'meta', 'Equal', { a: 1 }, '"t0"."meta" = $1::jsonb', ['{"a":1}']],
    ['mysql', 'meta', 'Equal', { a: 1 }, '`t0`.`meta` = CAST($1 AS JSON)', ['{"a":1}']],
    [
      'mariadb',
      'meta',
      'Equal',
      { a: 1 },
      '(`t0`.`meta` IS NOT NULL AND JSON_EQUALS(`t0`.`meta`, $1))',
      ['{"a":1}'],
    ],
    ['postgres', 'tags', 'IncludesAll', ['x'], '"t0"."tags" @> $1', [['x']]],
    [
      'postgres',
      'tags',
      'IncludesNone',
      ['x'],
      '(NOT ("t0"."tags" && $1) OR "t0"."tags" IS NULL)',
      [['x']],
    ],
    ['sqlite', 'tags', 'In', [['x']], '("t0"."tags" = $1)', [['x']]],
    ['postgres', 'tags', 'In', [['x']], '("t0"."tags" = $1)', [['x']]],
    ['mysql', 'tags', 'In', [['x']], '(`t0`.`tags` = $1)', [['x']]],
    ['mariadb', 'tags', 'In', [['x']], '(`t0`.`tags` = $1)', [['x']]],
    ['postgres', 'location', 'Equal', [1, 2], '"t0"."location" ~= point($1, $2)', [1, 2]],
    [
      'mysql',
      'location',
      'Equal',
      [1, 2],
      '(ST_X(`t0`.`location`) = $1 AND ST_Y(`t0`.`location`) = $2)',
      [1, 2],
    ],
    [
      'mariadb',
      'location',
      'Equal',
      [1, 2],
      '(ST_X(`t0`.`location`) = $1 AND ST_Y(`t0`.`location`) = $2)',
      [1, 2],
    ],
    ['sqlite', oddName, 'Equal', 'v', '"t0"."we""ird `col" = $1', ['v']],
    ['postgres', oddName, 'Equal', 'v', '"t0"."we""ird `col" = $1', ['v']],
    ['mysql', oddName, 'Equal', 'v', '`t0`.`we"ird ``col` = $1', ['v']],
    ['mariadb', oddName, 'Equal', 'v', '`t0`.`we"ird ``col` = $1', ['v']],
    ['sqlite', 'author:name', 'Equal', 'Ada', '"j1"."name" = $1', ['Ada']],
    ['postgres', 'author:name', 'Equal', 'Ada', '"j1"."name" = $1', ['Ada']],
    ['mysql', 'author:name', 'Equal', 'Ada', '`j1`.`name` = $1', ['Ada']],
    ['mariadb', 'author:name', 'Equal', 'Ada', '`j1`.`name` = $1', ['Ada']],
  ])('%s: %s %s %j', (name, field, operator, value, sql, bind) => {
    expect(where(name, leaf(field, operator, value))).toMatchObject({ sql, bind });
  });
});

describe('buildCondition: two-valued logic (D20)', () => {
  // Each complement, OR-ed with its operator, covers every row: nulls included.
  it.each(sqlDialects)('%s: the negated operators also select NULL', (name, dialect) => {
    const isNull = `${dialect.quote('t0')}.${dialect.quote('title')} IS NULL`;
    for (const [operator, value] of [
      ['NotEqual', 'a'],
      ['NotIn', ['a', 'b']],
      ['NotContains', 'a'],
      ['NotIContains', 'a'],
    ] as const) {
      expect(where(name, leaf('title', operator, value)).sql).toMatch(
        new RegExp(`^\\(NOT \\(.*\\) OR ${isNull.replace(/[."`]/g, '\\$&')}\\)$`),
      );
    }
  });

  it.each(sqlDialects)('%s: NotIn with null among its values excludes NULL', name => {
    const { sql } = where(name, leaf('genre', 'NotIn', [null]));

    expect(sql).toBe(
      name === 'sqlite' || name === 'postgres'
        ? '("t0"."genre" IS NOT NULL AND NOT 1 = 0)'
        : '(`t0`.`genre` IS NOT NULL AND NOT 1 = 0)',
    );
  });
});

describe('buildCondition: values are bound, never interpolated', () => {
  const payload = `x' OR '1'='1"; DROP TABLE books; -- \` $1 ?`;
  const valued: Operator[] = [
    'Equal',
    'NotEqual',
    'In',
    'NotIn',
    'LessThan',
    'GreaterThan',
    'LessThanOrEqual',
    'GreaterThanOrEqual',
    'Contains',
    'NotContains',
    'IContains',
    'NotIContains',
    'StartsWith',
    'IStartsWith',
    'EndsWith',
    'IEndsWith',
    'Like',
    'ILike',
  ];

  it.each(sqlDialects.flatMap(([name]) => valued.map(op => [name, op] as const)))(
    '%s: %s keeps an injection-looking value out of the SQL',
    (name, operator) => {
      const { sql, bind } = where(
        name,
        leaf('title', operator, operator.endsWith('In') ? [payload] : payload),
      );

      expect(sql).not.toContain('DROP');
      expect(sql).not.toContain("'1'");
      expect(sql).toMatch(/\$1/);
      expect(bind.length).toBeGreaterThan(0);
      // The value itself, or the pattern built from it, is what is bound.
      expect(bind.some(v => typeof v === 'string' && v.toLowerCase().includes('drop table'))).toBe(
        true,
      );
    },
  );

  it.each(sqlDialects)('%s: a JSON value is bound as one JSON text', name => {
    const { sql, bind } = where(name, leaf('data', 'Equal', { "k'); --": payload }));

    expect(sql).not.toContain('DROP');
    expect(bind).toEqual([JSON.stringify({ "k'); --": payload })]);
  });
});

describe('buildCondition: trees', () => {
  it.each(sqlDialects)('%s: no tree and an empty And select everything', name => {
    expect(where(name, null).sql).toBe('1 = 1');
    expect(where(name, new ConditionTreeBranch('And', [])).sql).toBe('1 = 1');
  });

  it.each(sqlDialects)('%s: an empty Or selects nothing', name => {
    expect(where(name, new ConditionTreeBranch('Or', [])).sql).toBe('1 = 0');
  });

  it.each<[SqlDialectName, string]>([
    ['sqlite', '(("t0"."title" = $1 OR "t0"."price" > $2) AND "j1"."name" = $3)'],
    ['postgres', '(("t0"."title" = $1 OR "t0"."price" > $2) AND "j1"."name" = $3)'],
    ['mysql', '((`t0`.`title` = $1 OR `t0`.`price` > $2) AND `j1`.`name` = $3)'],
    ['mariadb', '((`t0`.`title` = $1 OR `t0`.`price` > $2) AND `j1`.`name` = $3)'],
  ])('%s: nested branches number their values in order', (name, sql) => {
    const tree = new ConditionTreeBranch('And', [
      new ConditionTreeBranch('Or', [leaf('title', 'Equal', 'a'), leaf('price', 'GreaterThan', 5)]),
      leaf('author:name', 'Equal', 'Ada'),
    ]);

    expect(where(name, tree)).toMatchObject({ sql, bind: ['a', 5, 'Ada'] });
  });

  it.each<[SqlDialectName, string, string]>([
    [
      'sqlite',
      '"j2"."bio" IS NULL',
      '"books" AS "t0" LEFT JOIN "authors" AS "j1" ON "j1"."id" = "t0"."author_id" LEFT JOIN "profiles" AS "j2" ON "j2"."author_id" = "j1"."id"',
    ],
    [
      'postgres',
      '"j2"."bio" IS NULL',
      '"books" AS "t0" LEFT JOIN "authors" AS "j1" ON "j1"."id" = "t0"."author_id" LEFT JOIN "profiles" AS "j2" ON "j2"."author_id" = "j1"."id"',
    ],
    [
      'mysql',
      '`j2`.`bio` IS NULL',
      '`books` AS `t0` LEFT JOIN `authors` AS `j1` ON `j1`.`id` = `t0`.`author_id` LEFT JOIN `profiles` AS `j2` ON `j2`.`author_id` = `j1`.`id`',
    ],
    [
      'mariadb',
      '`j2`.`bio` IS NULL',
      '`books` AS `t0` LEFT JOIN `authors` AS `j1` ON `j1`.`id` = `t0`.`author_id` LEFT JOIN `profiles` AS `j2` ON `j2`.`author_id` = `j1`.`id`',
    ],
  ])('%s: a ManyToOne then OneToOne path joins both tables once', (name, sql, from) => {
    const tree = new ConditionTreeBranch('Or', [
      leaf('author:profile:bio', 'Missing'),
      leaf('author:profile:bio', 'Missing'),
    ]);

    expect(where(name, tree)).toMatchObject({ sql: `(${sql} OR ${sql})`, from });
  });
});

describe('buildCondition: refusals', () => {
  it.each(sqlDialects)('%s: an unknown field is a ValidationError', name => {
    expect(() => where(name, leaf('nope', 'Equal', 1))).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        message: 'Invalid access: "nope" on "books" does not exist.',
      }),
    );
  });

  it.each(sqlDialects)('%s: a to-many relation path is a ValidationError', name => {
    expect(() => where(name, leaf('books:title', 'Equal', 'a'), 'authors')).toThrow(
      'Invalid access: "books" on "authors" is not a to-one relation.',
    );
  });

  it.each(sqlDialects)('%s: an operator the builder does not know is a ValidationError', name => {
    expect(() => where(name, leaf('title', 'Today'))).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        message: 'Unsupported operator: "Today".',
      }),
    );
  });

  it.each<SqlDialectName>(['sqlite', 'mysql', 'mariadb'])(
    '%s: IncludesAll on an array column is a ValidationError (PostgreSQL only)',
    name => {
      expect(() => where(name, leaf('tags', 'IncludesAll', ['x']))).toThrow(
        'Array columns exist on PostgreSQL only',
      );
    },
  );

  it('sqlite: a Point comparison is refused', () => {
    expect(() => where('sqlite', leaf('location', 'Equal', [1, 2]))).toThrow(
      'SQLite has no Point type',
    );
  });
});
