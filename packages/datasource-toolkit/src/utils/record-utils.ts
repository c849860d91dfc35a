import { ValidationError } from '../errors/errors';
import type { CompositeId, RecordData } from '../interfaces/record';
import type { CollectionSchema } from '../interfaces/schema';
import { getPrimaryKeys } from './schema-utils';

/** Separator of packed composite ids, as the agent protocol writes them. */
export const compositeIdSeparator = '|';

/**
 * Reads a `relation:field` path from a nested record. An interrupted walk gives `null`.
 *
 * @example
 * ```ts
 * getFieldValue({ author: { name: 'Ada' } }, 'author:name'); // 'Ada'
 * getFieldValue({ author: null }, 'author:name'); // null
 * ```
 */
export function getFieldValue(record: RecordData, path: string): unknown {
  const index = path.indexOf(':');
  if (index === -1) return record[path];
  const related = record[path.substring(0, index)];
  if (related === null || related === undefined || typeof related !== 'object') return null;

  return getFieldValue(related as RecordData, path.substring(index + 1));
}

/**
 * Writes a `relation:field` path into a nested record, creating the intermediate objects.
 *
 * @example
 * ```ts
 * const record = {};
 * setFieldValue(record, 'author:name', 'Ada'); // record is { author: { name: 'Ada' } }
 * ```
 */
export function setFieldValue(record: RecordData, path: string, value: unknown): void {
  const index = path.indexOf(':');
  if (index === -1) {
    record[path] = value;
    return;
  }
  const relation = path.substring(0, index);
  const current = record[relation];
  const nested =
    current && typeof current === 'object' ? (current as RecordData) : (record[relation] = {});
  setFieldValue(nested, path.substring(index + 1), value);
}

/**
 * Reads the primary-key values of a record, in the schema order of the primary keys.
 *
 * @example
 * ```ts
 * getPrimaryKey(books.schema, { id: 3, title: 'Dune' }); // [3]
 * ```
 */
export function getPrimaryKey(schema: CollectionSchema, record: RecordData): CompositeId {
  return getPrimaryKeys(schema).map(pk => {
    const value = record[pk];
    if (value === undefined) throw new ValidationError(`Missing primary key: ${pk}`);

    return value as CompositeId[number];
  });
}

/**
 * Packs a composite id as the protocol writes it (`1|fr`).
 *
 * @example
 * ```ts
 * packId([1, 'fr']); // '1|fr'
 * ```
 */
export function packId(id: CompositeId): string {
  return id.map(value => String(value)).join(compositeIdSeparator);
}

/**
 * Unpacks a protocol id (`1|fr`) into typed primary-key values, checking their number and types.
 *
 * @example
 * ```ts
 * unpackId(ordersLines.schema, '12|3'); // [12, 3]
 * ```
 */
export function unpackId(schema: CollectionSchema, packedId: string | number): CompositeId {
  const primaryKeys = getPrimaryKeys(schema);
  const parts = String(packedId).split(compositeIdSeparator);
  if (parts.length !== primaryKeys.length) {
    throw new ValidationError(
      `Expected ${primaryKeys.length} values in the id, found ${parts.length}: "${packedId}"`,
    );
  }

  return primaryKeys.map((pk, index) => {
    const part = parts[index] as string;
    const field = schema.fields[pk];
    if (field?.type === 'Column' && field.columnType === 'Number') {
      const number = Number(part);
      if (part.trim() === '' || Number.isNaN(number)) {
        throw new ValidationError(`Failed to parse number from ${part}`);
      }

      return number;
    }

    return part;
  });
}
