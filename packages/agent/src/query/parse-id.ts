import {
  ValidationError,
  compositeIdSeparator,
  getColumnSchema,
  getPrimaryKeys,
  unpackId,
  validateValue,
} from '@grove/datasource-toolkit';
import type { Collection, CompositeId } from '@grove/datasource-toolkit';
import { noPrimaryKeyError } from './no-primary-key-error';

/**
 * Unpacks a record id of the protocol (docs/agent-protocol.md#record-ids): the primary-key values
 * joined with `|`, in schema order. Parts of Number keys become numbers; every part is then
 * type-checked against its column (a Uuid key needs a UUID, an Enum key a listed value…).
 *
 * @param collection - The collection the id belongs to.
 * @param packed - The packed id, already percent-decoded (`7|A-1`).
 * @returns The primary-key values, in schema order.
 * @throws ValidationError `Expected <n> values, found <m>` for a wrong number of parts, or the
 *   type error of a part; UnprocessableError `This collection has no primary key`.
 *
 * @example
 * ```ts
 * parseId(orderLines, '7|A-1'); // [7, 'A-1']
 * parseId(orderLines, '7'); // throws: Expected 2 values, found 1
 * ```
 */
export function parseId(collection: Collection, packed: string): CompositeId {
  const primaryKeys = getPrimaryKeys(collection.schema);
  if (primaryKeys.length === 0) throw noPrimaryKeyError(collection.name);

  const found = String(packed).split(compositeIdSeparator).length;
  if (found !== primaryKeys.length) {
    throw new ValidationError(`Expected ${primaryKeys.length} values, found ${found}`);
  }

  const id = unpackId(collection.schema, packed);
  primaryKeys.forEach((pk, index) => validateValue(pk, getColumnSchema(collection, pk), id[index]));

  return id;
}
