import { ValidationError } from '@grove/datasource-toolkit';

/** A statement ready for a driver: its text and its values, in the driver's form. */
export interface FormattedStatement {
  readonly text: string;
  /** PostgreSQL: the values of `$1, $2…` in order; SQLite: named values `{ $1: …, $2: … }`. */
  readonly values: unknown[] | Record<string, unknown>;
}

/**
 * Readies a statement written with `$1, $2…` for its values and `$$` for a literal `$` (the form
 * every statement of this data source is written in, Sequelize's bind syntax) for the PostgreSQL
 * or SQLite driver: `$$` becomes `$`, `$n` stays (PostgreSQL numbers its parameters so, and
 * SQLite binds `$n` by name). A `$` right after a letter, a digit or `_` is part of a name, as in
 * Sequelize. PostgreSQL strings have their NUL characters written `\0` (the server refuses NUL
 * in text); SQLite binds a bigint as its decimal text. One pass over the text: linear in its
 * length.
 *
 * A `$n` without a value is a ValidationError (the statement was built wrong), never sent.
 *
 * @example
 * ```ts
 * formatBinds('postgres', 'SELECT "a$$b" FROM t WHERE id = $1', [7]);
 * // { text: 'SELECT "a$b" FROM t WHERE id = $1', values: [7] }
 * formatBinds('sqlite', 'SELECT $1', [1n]); // { text: 'SELECT $1', values: { $1: '1' } }
 * ```
 */
export function formatBinds(
  dialect: 'postgres' | 'sqlite',
  sql: string,
  bind: readonly unknown[],
): FormattedStatement {
  const text = sql.trim().replace(/\B\$(\$|\w+)/g, (match, key: string) => {
    if (key === '$') return '$';
    if (!/^[1-9]\d*$/.test(key) || bind[Number(key) - 1] === undefined) {
      throw new ValidationError(`Bind parameter "${match}" has no value.`);
    }

    return match;
  });
  if (dialect === 'postgres') {
    return {
      text,
      values: bind.map(value => (typeof value === 'string' ? value.replace(/\0/g, '\\0') : value)),
    };
  }
  const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  bind.forEach((value, index) => {
    values[`$${index + 1}`] = typeof value === 'bigint' ? value.toString() : value;
  });

  return { text, values };
}
