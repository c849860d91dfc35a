import {
  ValidationError,
  isGroveError,
  unpackId,
  type DataSource,
} from '@grove/datasource-toolkit';

/**
 * Reads the wire value of a Collection (record picker) field, a packed id
 * (docs/agent-protocol.md#record-ids), into the composite id the customizer puts in `formValues`.
 * `null`, `undefined` and `''` mean no record; a value already unpacked (an array) passes through.
 *
 * @param dataSource - Holds the target collection.
 * @param collectionName - The target collection.
 * @param value - The wire value.
 * @param fieldId - Named in the error of an invalid id.
 * @example
 * ```ts
 * parseReferenceValue(dataSource, 'ratings', '1|7', 'Rating'); // [1, 7]
 * parseReferenceValue(dataSource, 'authors', 'x', 'Author');
 * // throws: Invalid value of field 'Author': Failed to parse number from x
 * ```
 */
export function parseReferenceValue(
  dataSource: DataSource,
  collectionName: string,
  value: unknown,
  fieldId: string,
): unknown {
  if (value === undefined || value === null || value === '') return value === '' ? null : value;
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new ValidationError(
      `Invalid value of field '${fieldId}': expected a record id, got ${JSON.stringify(value)}`,
    );
  }

  try {
    return unpackId(dataSource.getCollection(collectionName).schema, value);
  } catch (error) {
    if (!isGroveError(error, 'ValidationError')) throw error;
    throw new ValidationError(`Invalid value of field '${fieldId}': ${error.message}`, {
      name: error.name,
      cause: error,
    });
  }
}
