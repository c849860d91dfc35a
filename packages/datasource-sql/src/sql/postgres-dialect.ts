import type { DateOperation } from '@grove/datasource-toolkit';
import type { ColumnModel } from '../schema/table-model';
import type { BindParams } from './bind-params';
import { SqlDialect } from './sql-dialect';
import { assertTimezone } from './timezone-offsets';

const units: Readonly<Record<DateOperation, string>> = {
  Year: 'year',
  Quarter: 'quarter',
  Month: 'month',
  Week: 'week', // ISO weeks: Monday
  Day: 'day',
};

function isJsonb(column: ColumnModel): boolean {
  return column.sqlType.type === 'scalar' && column.sqlType.subType === 'JSONB';
}

/**
 * PostgreSQL: `ILIKE`, `jsonb` equality and containment, native arrays, `point`, explicit
 * `NULLS FIRST/LAST`, and `AT TIME ZONE` for date grouping.
 *
 * @example
 * ```ts
 * new PostgresDialect().truncateDate('"t"."at"', column, 'Week', 'Europe/Paris');
 * ```
 */
export class PostgresDialect extends SqlDialect {
  readonly name = 'postgres' as const;
  readonly insertReturning = true;

  override comparable(expression: string, column: ColumnModel): string {
    return column.columnType === 'Json' && !isJsonb(column) ? `${expression}::jsonb` : expression;
  }

  override value(value: unknown, column: ColumnModel, params: BindParams): string {
    if (value === null || value === undefined) return 'NULL';
    if (column.columnType === 'Point') {
      const [x, y] = value as [number, number];

      return `point(${params.add(x)}, ${params.add(y)})`;
    }
    if (column.columnType === 'Json') return `${params.add(JSON.stringify(value))}::jsonb`;
    if (column.sqlType.type === 'enum' && column.sqlType.name) {
      return `${params.add(value)}::${column.sqlType.name}`;
    }

    return params.add(this.bindValue(value, column));
  }

  protected override bindValue(value: unknown, column: ColumnModel): unknown {
    if (column.columnType === 'Boolean') return Boolean(value);
    if (Array.isArray(column.columnType)) return value;

    return super.bindValue(value, column);
  }

  like(expression: string, pattern: string, caseSensitive: boolean, params: BindParams): string {
    return `${expression} ${caseSensitive ? 'LIKE' : 'ILIKE'} ${params.add(pattern)} ESCAPE '!'`;
  }

  jsonEquals(expression: string, value: unknown, params: BindParams): string {
    return `${expression} = ${params.add(JSON.stringify(value))}::jsonb`;
  }

  jsonArrayIncludes(expression: string, item: unknown, params: BindParams): string {
    return `(jsonb_typeof(${expression}) = 'array' AND ${expression} @> ${params.add(JSON.stringify([item]))}::jsonb)`;
  }

  pointEquals(expression: string, [x, y]: readonly [number, number], params: BindParams): string {
    return `${expression} ~= point(${params.add(x)}, ${params.add(y)})`;
  }

  override nullsOrder(ascending: boolean): string {
    return ascending ? ' NULLS FIRST' : ' NULLS LAST';
  }

  override limit(limit: number | null, skip: number): string {
    return `${limit === null ? '' : ` LIMIT ${limit}`}${skip ? ` OFFSET ${skip}` : ''}`;
  }

  truncateDate(
    expression: string,
    column: ColumnModel,
    unit: DateOperation,
    timezone: string,
  ): string {
    assertTimezone(timezone);
    const zone = `'${timezone}'`;
    const isInstant = column.columnType === 'Date';
    // timestamptz → local time in the zone; timestamp (stored as UTC) is first read as UTC.
    const local = !isInstant
      ? `${expression}::timestamp`
      : `(${expression}::timestamptz AT TIME ZONE ${zone})`;

    return `to_char(date_trunc('${units[unit]}', ${local}), 'YYYY-MM-DD')`;
  }
}
