import { randomUUID } from 'node:crypto';
import { GroveError } from '../errors/grove-error';
import { ValidationError } from '../errors/errors';
import { missingSchemaElement } from '../errors/missing-schema-element-error';
import type { Collection } from '../interfaces/collection';
import type { RecordData } from '../interfaces/record';
import type { ColumnSchema } from '../interfaces/schema';
import { normalizeValue } from '../utils/normalize-value';
import { getPrimaryKeys } from '../utils/schema-utils';
import { validateValue } from '../validation/field-validator';
import { deepCopy } from './deep-copy';

/**
 * Checks a create body or an update patch and returns its column values in stored form (instants
 * as `Date`, calendar dates as `YYYY-MM-DD`, numeric strings as numbers, private copies).
 * Unknown fields, relations, wrongly typed values and `null` in non-nullable columns are refused.
 *
 * @example
 * ```ts
 * checkValues(books, { publishedAt: '2024-01-01T00:00:00Z' }); // { publishedAt: Date(2024-01-01) }
 * ```
 */
export function checkValues(collection: Collection, values: RecordData): RecordData {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) {
    throw new ValidationError(`The record data must be an object on '${collection.name}'`);
  }
  const { fields } = collection.schema;

  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const field = fields[name];
      if (!field) throw missingSchemaElement('field', collection.name, name, Object.keys(fields));
      if (field.type !== 'Column') {
        throw new ValidationError(
          `Cannot write the relation '${collection.name}.${name}': write its foreign key instead`,
        );
      }
      validateValue(name, field, value);
      if (value === null && field.allowNull === false) {
        throw new ValidationError(`The '${collection.name}.${name}' field cannot be null`);
      }

      return [name, toStored(field, value)];
    }),
  );
}

/**
 * Builds the row of a create: every column present (defaults applied, `null` otherwise) and a
 * generated primary key for a lone Number (next integer) or Uuid (random) key left out.
 *
 * @example
 * ```ts
 * buildRow(books, { title: 'Dune' }, () => 8); // { id: 8, title: 'Dune', … }
 * ```
 */
export function buildRow(
  collection: Collection,
  values: RecordData,
  nextId: () => number,
): RecordData {
  const given = checkValues(collection, values);
  const primaryKeys = getPrimaryKeys(collection.schema);
  const row: RecordData = {};

  for (const [name, field] of Object.entries(collection.schema.fields)) {
    if (field.type !== 'Column') continue;
    if (given[name] !== undefined) row[name] = given[name];
    else if (field.defaultValue !== undefined)
      row[name] = toStored(field, deepCopy(field.defaultValue));
    else if (field.isPrimaryKey && primaryKeys.length === 1 && field.columnType === 'Number') {
      row[name] = nextId();
    } else if (field.isPrimaryKey && primaryKeys.length === 1 && field.columnType === 'Uuid') {
      row[name] = randomUUID();
    } else row[name] = null;

    if (row[name] === null && (field.isPrimaryKey || field.allowNull === false)) {
      throw new ValidationError(
        field.isPrimaryKey
          ? `Missing primary key: ${name}`
          : `The '${collection.name}.${name}' field cannot be null`,
      );
    }
  }

  return row;
}

/**
 * Refuses rows sharing a primary key (a ConflictError), so that a batch is written whole or not
 * at all.
 *
 * @example
 * ```ts
 * assertUniqueKeys(books, [{ id: 1 }, { id: 1 }]); // throws ConflictError
 * ```
 */
export function assertUniqueKeys(collection: Collection, rows: readonly RecordData[]): void {
  const primaryKeys = getPrimaryKeys(collection.schema);
  if (primaryKeys.length === 0) return;
  const seen = new Set<string>();
  for (const row of rows) {
    const key = JSON.stringify(
      primaryKeys.map(pk => normalizeValue(row[pk], columnOf(collection, pk).columnType)),
    );
    if (seen.has(key)) {
      throw new GroveError(
        'ConflictError',
        `Duplicate primary key ${key} in '${collection.name}'`,
        {
          data: { collection: collection.name, primaryKey: JSON.parse(key) as unknown },
        },
      );
    }
    seen.add(key);
  }
}

function columnOf(collection: Collection, name: string): ColumnSchema {
  return collection.schema.fields[name] as ColumnSchema;
}

function toStored(field: ColumnSchema, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  switch (field.columnType) {
    case 'Date':
      return value instanceof Date || typeof value === 'string' || typeof value === 'number'
        ? new Date(value instanceof Date ? value.getTime() : value)
        : value;
    case 'Dateonly':
      if (value instanceof Date) return value.toISOString().substring(0, 10);

      return typeof value === 'string' ? value.substring(0, 10) : value;
    case 'Number':
      return typeof value === 'string' ? Number(value) : value;
    default:
      return deepCopy(value);
  }
}
