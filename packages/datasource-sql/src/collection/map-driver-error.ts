import { GroveError, isGroveError, ValidationError } from '@grove/datasource-toolkit';
import type { TableModel } from '../schema/table-model';

/** What the driver says: `pg`'s and `sqlite3`'s own errors, MySQL's and MariaDB's as `parent`. */
interface DriverFailure {
  code?: string;
  errno?: number;
  column?: string;
  detail?: string;
  message?: string;
  constraint?: string;
}

type DriverError = Error &
  DriverFailure & {
    /** Sequelize's errors (MySQL, MariaDB): the fields it read, the driver's error. */
    fields?: Record<string, unknown> | string[];
    parent?: DriverFailure;
  };

/** The driver's own error: Sequelize's `parent`, or the error itself (PostgreSQL, SQLite). */
function driverFailure(error: DriverError): DriverFailure {
  return error.parent ?? error;
}

/** What the data source was doing when the driver failed. */
export type DriverOperation = 'list' | 'aggregate' | 'create' | 'update' | 'delete';

function driverMessage(error: DriverError): string {
  return error.parent?.message ?? error.message ?? '';
}

function notNullField(error: DriverError): string | undefined {
  const parent = driverFailure(error);
  if (parent?.code === '23502') return parent.column;
  const message = driverMessage(error);
  const mysql =
    /Column '([^']+)' cannot be null/.exec(message) ??
    /Field '([^']+)' doesn't have a default value/.exec(message);
  if (mysql) return mysql[1];
  const sqlite = /NOT NULL constraint failed: [^.]+\.(\S+)/.exec(message);

  return sqlite?.[1];
}

function fieldsOf(error: DriverError): string[] {
  const fields = Array.isArray(error.fields) ? error.fields : Object.keys(error.fields ?? {});
  if (fields.length) return fields;
  const detail = /Key \(([^)]+)\)/.exec(driverFailure(error).detail ?? '');
  if (detail?.[1]) return detail[1].split(',').map(f => f.trim().replace(/^"|"$/g, ''));
  // SQLite: `UNIQUE constraint failed: customers.email, customers.city`.
  const sqlite = /UNIQUE constraint failed: (.+)$/.exec(driverMessage(error));

  return sqlite?.[1] ? sqlite[1].split(', ').map(column => column.replace(/^[^.]*\./, '')) : [];
}

/** A unique violation: Sequelize's error, PostgreSQL 23505, SQLite `UNIQUE constraint failed`. */
function isUniqueViolation(error: DriverError): boolean {
  return (
    error.name === 'SequelizeUniqueConstraintError' ||
    driverFailure(error).code === '23505' ||
    /^SQLITE_CONSTRAINT: UNIQUE constraint failed/.test(driverMessage(error))
  );
}

/** A foreign key violation: Sequelize's error, PostgreSQL 23503, SQLite's. */
function isForeignKeyViolation(error: DriverError): boolean {
  return (
    error.name === 'SequelizeForeignKeyConstraintError' ||
    driverFailure(error).code === '23503' ||
    /^SQLITE_CONSTRAINT: FOREIGN KEY constraint failed/.test(driverMessage(error))
  );
}

/**
 * The name (or, for an unnamed SQLite constraint, the expression) of a violated CHECK
 * constraint: PostgreSQL 23514, MySQL 3819, MariaDB 4025, SQLite `CHECK constraint failed`.
 */
function checkConstraint(error: DriverError): string | undefined {
  const parent = driverFailure(error);
  if (parent?.code === '23514') return parent.constraint ?? '';
  const message = driverMessage(error);
  const match =
    /CHECK constraint failed: (.+)$/.exec(message) ??
    /Check constraint '([^']+)' is violated/.exec(message) ??
    /CONSTRAINT `([^`]+)` failed for/.exec(message);
  if (match) return match[1] ?? '';
  if (parent?.errno === 3819 || parent?.errno === 4025) return '';

  return undefined;
}

/** The columns a check constraint names (`price_positive`, `products_price_check`, `price > 0`). */
function checkedFields(constraint: string, model: TableModel): string[] {
  const text = constraint.startsWith(`${model.name}_`)
    ? constraint.slice(model.name.length + 1)
    : constraint;
  const named = [...model.columns.keys()].filter(column =>
    new RegExp(`(^|[^A-Za-z0-9])${column.replace(/\W/g, '\\$&')}([^A-Za-z0-9]|$)`).test(text),
  );

  // `unit_price` also contains `price`: keep the longest names only.
  return named.filter(column => !named.some(other => other !== column && other.includes(column)));
}

/**
 * Any other integrity constraint the database enforced: PostgreSQL's class 23 (an exclusion, a
 * restrict), SQLite's `SQLITE_CONSTRAINT` (a trigger's `RAISE(ABORT, …)`, a primary key).
 */
function isOtherConstraintViolation(error: DriverError): boolean {
  const { code } = driverFailure(error);

  return code === 'SQLITE_CONSTRAINT' || (code?.length === 5 && code.startsWith('23'));
}

/**
 * Values the database refused for their type: too long, out of range, malformed
 * (PostgreSQL class 22, MySQL/MariaDB 1264, 1292, 1366, 1406). Returns the column when the
 * driver names it.
 */
function invalidValue(error: DriverError): { field?: string } | undefined {
  const parent = driverFailure(error);
  if (parent?.code?.startsWith('22')) return {};
  if (![1264, 1292, 1366, 1406].includes(parent?.errno ?? 0)) return undefined;
  const column = /column '([^']+)'/i.exec(driverMessage(error))?.[1];

  return column ? { field: column } : {};
}

/**
 * Turns a driver error into a Grove error, keeping the original as `cause`. Constraint
 * violations (not null, check, unique, foreign key, and any other the database enforces, such as
 * a trigger's abort) and values the database refuses are ValidationErrors (400) naming the field
 * when the driver does, with Grove's own message. Anything else (lost
 * connection, deadlock, missing table…) is an InternalServerError whose message is only
 * `Unexpected error`: the driver's message may reveal the schema or the server, so it stays in
 * the `cause`, which the agent logs with the request id.
 *
 * @example
 * ```ts
 * try { await run(); } catch (error) { throw mapDriverError(error, model, 'create'); }
 * ```
 */
export function mapDriverError(
  error: unknown,
  model: TableModel,
  operation: DriverOperation,
): GroveError {
  if (isGroveError(error)) return error;
  const failure = (error ?? {}) as DriverError;
  const collection = model.name;
  // Not-null and check violations first: Sequelize reports every SQLite constraint failure
  // as a unique violation.
  const field = notNullField(failure);
  if (field) {
    return new ValidationError(`The field '${collection}.${field}' cannot be null.`, {
      data: { fields: [field] },
      cause: error,
    });
  }
  const check = checkConstraint(failure);
  if (check !== undefined) {
    const fields = checkedFields(check, model);
    const on = fields.length ? ` on '${collection}.${fields.join(', ')}'` : ` on '${collection}'`;

    return new ValidationError(
      `The query violates a check constraint in the database${on}. Please ensure that the value is allowed.`,
      { data: { fields }, cause: error },
    );
  }
  if (isUniqueViolation(failure)) {
    const fields = fieldsOf(failure);

    return new ValidationError(
      `The query violates a unicity constraint in the database${fields.length ? ` on '${collection}.${fields.join(', ')}'` : ''}. Please ensure that you are not duplicating information across records.`,
      { data: { fields }, cause: error },
    );
  }
  if (isForeignKeyViolation(failure)) {
    const fields = fieldsOf(failure);
    const hint =
      operation === 'delete'
        ? 'Please ensure that no records are linked to the one that you wish to delete.'
        : 'Please ensure that you are not linking to a relation which was deleted.';

    return new ValidationError(
      `The query violates a foreign key constraint in the database${fields.length ? ` on '${collection}.${fields.join(', ')}'` : ''}. ${hint}`,
      { data: { fields }, cause: error },
    );
  }
  if (isOtherConstraintViolation(failure)) {
    return new ValidationError(
      `The query violates a constraint in the database on '${collection}'. Please ensure that the values are allowed.`,
      { data: { fields: [] }, cause: error },
    );
  }
  const invalid = invalidValue(failure);
  if (invalid) {
    const target = invalid.field ? `'${collection}.${invalid.field}'` : `'${collection}'`;

    return new ValidationError(
      `A value of ${target} was refused by the database (too long, out of range or malformed).`,
      { data: { fields: invalid.field ? [invalid.field] : [] }, cause: error },
    );
  }

  return new GroveError('InternalServerError', 'Unexpected error', { cause: error });
}
