import { isGroveError, ValidationError } from '@grove/datasource-toolkit';

type DriverError = Error & {
  fields?: Record<string, unknown> | string[];
  parent?: {
    code?: string;
    errno?: number;
    column?: string;
    detail?: string;
    message?: string;
    constraint?: string;
  };
  original?: { code?: string; errno?: number };
};

function notNullField(error: DriverError): string | undefined {
  const parent = error.parent;
  if (parent?.code === '23502') return parent.column;
  const message = parent?.message ?? error.message;
  const mysql =
    /Column '([^']+)' cannot be null/.exec(message) ??
    /Field '([^']+)' doesn't have a default value/.exec(message);
  if (mysql) return mysql[1];
  const sqlite = /NOT NULL constraint failed: [^.]+\.(\S+)/.exec(message);

  return sqlite?.[1];
}

function fieldsOf(error: DriverError): string[] {
  if (Array.isArray(error.fields)) return error.fields;
  if (error.fields) return Object.keys(error.fields);
  const detail = /Key \(([^)]+)\)/.exec(error.parent?.detail ?? '');

  return detail?.[1] ? detail[1].split(',').map(f => f.trim().replace(/^"|"$/g, '')) : [];
}

/**
 * Turns a driver error raised by a write into a ValidationError naming the field, keeping the
 * original as `cause`: unique, foreign-key and not-null violations get actionable messages.
 *
 * @example
 * ```ts
 * try { await run(); } catch (error) { throw mapWriteError(error, 'books', 'create'); }
 * ```
 */
export function mapWriteError(
  error: unknown,
  collection: string,
  operation: 'create' | 'update' | 'delete',
): Error {
  if (isGroveError(error)) return error;
  const failure = error as DriverError;
  const name = failure?.name ?? '';
  // First: Sequelize reports every SQLite constraint failure as a unique violation.
  const field = notNullField(failure);
  if (field) {
    return new ValidationError(`The field '${collection}.${field}' cannot be null.`, {
      data: { fields: [field] },
      cause: error,
    });
  }
  if (name === 'SequelizeUniqueConstraintError') {
    const fields = fieldsOf(failure);

    return new ValidationError(
      `The query violates a unicity constraint in the database${fields.length ? ` on '${collection}.${fields.join(', ')}'` : ''}. Please ensure that you are not duplicating information across records.`,
      { data: { fields }, cause: error },
    );
  }
  if (name === 'SequelizeForeignKeyConstraintError') {
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

  return new ValidationError(
    `Could not ${operation} records of '${collection}': ${failure?.message ?? String(error)}`,
    { cause: error },
  );
}
