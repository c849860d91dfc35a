import { isDeepStrictEqual } from 'node:util';
import { ValidationError, type RecordData } from '@grove/datasource-toolkit';

/**
 * Merges the patches produced for the keys of one record, deeply (so relation sub-patches and
 * JSON objects combine). Two different values for the same non-object key are a conflict.
 *
 * @example
 * ```ts
 * mergePatches('books', [{ author: { firstName: 'Ada' } }, { author: { lastName: 'L' } }]);
 * // { author: { firstName: 'Ada', lastName: 'L' } }
 * ```
 */
export function mergePatches(collectionName: string, patches: readonly RecordData[]): RecordData {
  return patches.reduce<RecordData>(
    (merged, patch) => merge(collectionName, merged, patch, ''),
    {},
  );
}

function merge(
  collectionName: string,
  target: RecordData,
  source: RecordData,
  prefix: string,
): RecordData {
  const result: RecordData = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const path = prefix ? `${prefix}:${key}` : key;
    const existing = result[key];
    if (!(key in result)) result[key] = value;
    else if (isPlainObject(existing) && isPlainObject(value)) {
      result[key] = merge(collectionName, existing, value, path);
    } else if (!isDeepStrictEqual(existing, value)) {
      throw new ValidationError(
        `Conflict value on the field "${collectionName}.${path}". It received several values.`,
        { data: { collection: collectionName, field: path } },
      );
    }
  }

  return result;
}

function isPlainObject(value: unknown): value is RecordData {
  return (
    typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
  );
}
