import type { DateOperation } from '@grove/datasource-toolkit';
import type { ColumnModel } from '../schema/table-model';
import type { BindParams } from './bind-params';
import { escapeDollars, SqlDialect } from './sql-dialect';
import type { DateRange } from './date-range';
import { offsetCase, offsetPeriods, periodsWithin } from './timezone-offsets';
import { bucketSteps, stepCase } from './date-buckets';

const utcLiteral = (ms: number) => `'${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}'`;

/**
 * MySQL and MariaDB (the `mysql` dialect through mysql2, `mariadb` through the mariadb driver):
 * backquotes, case-sensitive matching through a binary utf8mb4 collation, JSON equality per
 * server (`JSON_EQUALS` on MariaDB, `CAST(… AS JSON)` on MySQL), and date grouping with offsets
 * computed by luxon, since named timezones need tables the server may not have loaded (or, where
 * the filter bounds the date to a few buckets, the UTC instants the local buckets start at).
 *
 * @example
 * ```ts
 * new MysqlDialect('mariadb', true).quote('order'); // '`order`'
 * ```
 */
export class MysqlDialect extends SqlDialect {
  readonly insertReturning = false;

  constructor(
    readonly name: 'mysql' | 'mariadb',
    private readonly isMariaDbServer: boolean,
  ) {
    super();
  }

  override quote(identifier: string): string {
    return `\`${escapeDollars(identifier.replace(/`/g, '``'))}\``;
  }

  override value(value: unknown, column: ColumnModel, params: BindParams): string {
    if (value === null || value === undefined) return 'NULL';
    if (column.columnType === 'Point') {
      const [x, y] = value as [number, number];

      return `POINT(${params.add(x)}, ${params.add(y)})`;
    }

    return params.add(this.bindValue(value, column));
  }

  like(expression: string, pattern: string, caseSensitive: boolean, params: BindParams): string {
    const text = `CONVERT(${expression} USING utf8mb4)`;
    if (caseSensitive) return `${text} COLLATE utf8mb4_bin LIKE ${params.add(pattern)} ESCAPE '!'`;

    return `LOWER(${text}) COLLATE utf8mb4_bin LIKE ${params.add(pattern.toLowerCase())} ESCAPE '!'`;
  }

  jsonEquals(expression: string, value: unknown, params: BindParams): string {
    const json = params.add(JSON.stringify(value));

    return this.isMariaDbServer
      ? `(${expression} IS NOT NULL AND JSON_EQUALS(${expression}, ${json}))`
      : `${expression} = CAST(${json} AS JSON)`;
  }

  jsonArrayIncludes(expression: string, item: unknown, params: BindParams): string {
    return `(JSON_TYPE(${expression}) = 'ARRAY' AND JSON_CONTAINS(${expression}, ${params.add(JSON.stringify(item))}))`;
  }

  pointEquals(expression: string, [x, y]: readonly [number, number], params: BindParams): string {
    return `(ST_X(${expression}) = ${params.add(x)} AND ST_Y(${expression}) = ${params.add(y)})`;
  }

  override limit(limit: number | null, skip: number): string {
    if (limit === null) return skip ? ` LIMIT 18446744073709551615 OFFSET ${skip}` : '';

    return ` LIMIT ${limit}${skip ? ` OFFSET ${skip}` : ''}`;
  }

  truncateDate(
    expression: string,
    column: ColumnModel,
    unit: DateOperation,
    timezone: string,
    range: DateRange = {},
  ): string {
    const periods = periodsWithin(offsetPeriods(timezone), range);
    const steps = column.columnType === 'Date' ? bucketSteps(periods, range, unit) : undefined;
    if (steps) return stepCase(expression, steps, utcLiteral);
    const local =
      column.columnType !== 'Date'
        ? expression
        : periods.length === 1 && periods[0]?.offset === 0
          ? expression
          : `DATE_ADD(${expression}, INTERVAL ${offsetCase(expression, periods, utcLiteral, String)} MINUTE)`;
    switch (unit) {
      case 'Year':
        return `DATE_FORMAT(${local}, '%Y-01-01')`;
      case 'Quarter':
        return `CONCAT(YEAR(${local}), '-', LPAD(QUARTER(${local}) * 3 - 2, 2, '0'), '-01')`;
      case 'Month':
        return `DATE_FORMAT(${local}, '%Y-%m-01')`;
      case 'Week':
        return `DATE_FORMAT(DATE_SUB(${local}, INTERVAL WEEKDAY(${local}) DAY), '%Y-%m-%d')`;
      case 'Day':
        return `DATE_FORMAT(${local}, '%Y-%m-%d')`;
    }
  }
}
