import type { DateOperation } from '@grove/datasource-toolkit';
import type { SqlDialectName } from '../connection/connection-options';
import type { ColumnModel, TableModel } from '../schema/table-model';
import type { BindParams } from './bind-params';
import type { DateRange } from './date-range';

/** Escapes LIKE wildcards with `!`, the escape character every generated LIKE declares. */
export function escapeLike(value: string): string {
  return value.replace(/[!%_]/g, char => `!${char}`);
}

/** Doubles each `$`, which Sequelize's bind formatting turns back into one. */
export function escapeDollars(text: string): string {
  // A replacer function: its result is inserted as is (a replacement string would read `$$`).
  return text.replace(/\$/g, () => '$$');
}

/** A user-written LIKE pattern: `%` and `_` stay wildcards, `!` becomes literal. */
export function likePattern(pattern: string): string {
  return pattern.replace(/!/g, '!!');
}

/**
 * What differs between SQL dialects: quoting, how values are bound and read, text matching,
 * JSON and array predicates, null ordering and date truncation in a timezone. Subclasses
 * override only what their dialect does differently.
 *
 * @example
 * ```ts
 * const dialect = createDialect(connection);
 * dialect.quote('order'); // '"order"' (postgres, sqlite) or '`order`' (mysql, mariadb)
 * ```
 */
export abstract class SqlDialect {
  abstract readonly name: SqlDialectName;
  /** Whether `INSERT … RETURNING` gives back generated keys. */
  abstract readonly insertReturning: boolean;

  /**
   * A quoted identifier. Statements are in Sequelize's bind syntax, where `$name` is a parameter
   * and `$$` a literal `$`: a `$` of the name is doubled (the connection always formats them).
   */
  quote(identifier: string): string {
    return `"${escapeDollars(identifier.replace(/"/g, '""'))}"`;
  }

  /** The qualified name of a table. */
  table(model: TableModel): string {
    return model.schema
      ? `${this.quote(model.schema)}.${this.quote(model.name)}`
      : this.quote(model.name);
  }

  /** The expression selected to read a column. */
  read(expression: string, _column: ColumnModel): string {
    return expression;
  }

  /** The expression compared in filters (normalised where storage formats vary). */
  comparable(expression: string, _column: ColumnModel): string {
    return expression;
  }

  /**
   * An ordering comparison (`<`, `>`, `<=`, `>=`) of a column with a value's SQL (see
   * {@link value}): both sides through {@link comparable} unless the dialect has a cheaper form.
   */
  compare(expression: string, column: ColumnModel, operator: string, value: string): string {
    return `${this.comparable(expression, column)} ${operator} ${value}`;
  }

  /** The SQL for a value written to or compared with a column (a placeholder, maybe cast). */
  value(value: unknown, column: ColumnModel, params: BindParams): string {
    if (value === null || value === undefined) return 'NULL';

    return params.add(this.bindValue(value, column));
  }

  /** The driver value of a JS value for a column. */
  protected bindValue(value: unknown, column: ColumnModel): unknown {
    switch (column.columnType) {
      case 'Date':
        return value instanceof Date ? value : new Date(String(value));
      case 'Dateonly':
        return value instanceof Date
          ? value.toISOString().slice(0, 10)
          : String(value).slice(0, 10);
      case 'Boolean':
        return value ? 1 : 0;
      case 'Json':
        return JSON.stringify(value);
      default:
        return value;
    }
  }

  /** `expression LIKE pattern`, case-sensitive or not, with `!` as escape character. */
  abstract like(
    expression: string,
    pattern: string,
    caseSensitive: boolean,
    params: BindParams,
  ): string;

  /** Length in characters. */
  charLength(expression: string): string {
    return `CHAR_LENGTH(${expression})`;
  }

  /** Deep JSON equality, whatever the key order. */
  abstract jsonEquals(expression: string, value: unknown, params: BindParams): string;

  /** The JSON value is an array holding `item`. */
  abstract jsonArrayIncludes(expression: string, item: unknown, params: BindParams): string;

  /** A Point equals `[x, y]`. */
  abstract pointEquals(
    expression: string,
    point: readonly [number, number],
    params: BindParams,
  ): string;

  /**
   * ORDER BY suffix giving nulls first ascending and last descending, for expressions that can
   * be null (callers skip it for the others). Empty where the database already sorts so.
   */
  nullsOrder(_ascending: boolean): string {
    return '';
  }

  /** LIMIT / OFFSET clause. */
  limit(limit: number | null, skip: number): string {
    if (limit === null) return skip ? ` LIMIT -1 OFFSET ${skip}` : '';

    return ` LIMIT ${limit}${skip ? ` OFFSET ${skip}` : ''}`;
  }

  /**
   * A date truncated to a unit in the caller's timezone, as a `YYYY-MM-DD` string. `range` is
   * where the query's filter bounds the date (see `dateRangeOf`): dialects that shift instants
   * by a CASE over the zone's offset periods keep only the periods it overlaps, and where it is
   * bounded on both sides to a few buckets they compare the date with the instants the buckets
   * start at instead (`bucketSteps`).
   */
  abstract truncateDate(
    expression: string,
    column: ColumnModel,
    unit: DateOperation,
    timezone: string,
    range?: DateRange,
  ): string;
}
