import type { ColumnType, PrimitiveType } from '../interfaces/schema';
import { isValidIsoDate } from './is-valid-iso-date';

/** The type of a value as validators see it: a primitive type, or `Null` for null/undefined. */
export type ValueType = PrimitiveType | 'Null';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const dateOnlyPattern = /^\d{4}-\d{2}-\d{2}$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?$/;
// Grove accepts decimal strings in a Number context ("12.5"), not only integers.
const numberPattern = /^-?\d+(\.\d+)?$/;
const pointPattern = /^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/;

function getStringType(value: string, context: ColumnType | undefined): ValueType {
  // A string is whatever a string-like column says it is.
  if (context === 'String' || context === 'Enum' || context === 'File') return context;
  if (uuidPattern.test(value)) return 'Uuid';
  if (dateOnlyPattern.test(value) && isValidIsoDate(value)) {
    // Grove: a date-only string on a Date column means midnight, it is a valid Date.
    return context === 'Date' ? 'Date' : 'Dateonly';
  }
  if (timePattern.test(value)) return 'Time';
  // A date-time (its form and its calendar in one check; an impossible date-only string too).
  if (isValidIsoDate(value)) return 'Date';
  if (context === 'Point' && pointPattern.test(value)) return 'Point';
  if (context === 'Number' && numberPattern.test(value)) return 'Number';

  return 'String';
}

function isPointPair(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every(item => typeof item === 'number' && Number.isFinite(item))
  );
}

/**
 * Detects the type of a value, given the type of the column it is meant for (the context).
 * Returns `undefined` for values no primitive type accepts (objects, arrays, NaN…).
 *
 * Rules: null/undefined → `Null` (checked first so that no-value operators work on Json
 * columns); Json context → `Json`; strings per {@link getStringType}; numbers → `Number`;
 * valid dates → `Date`; booleans → `Boolean`; buffers → `Binary`; in a Point context a
 * `[x, y]` pair of numbers → `Point`.
 *
 * @example
 * ```ts
 * getValueType('12.5', 'Number'); // 'Number'
 * getValueType('2024-01-31', 'Date'); // 'Date'
 * getValueType('2024-01-31', 'Dateonly'); // 'Dateonly'
 * getValueType({ a: 1 }, 'String'); // undefined
 * ```
 */
export function getValueType(value: unknown, context?: ColumnType): ValueType | undefined {
  if (value === null || value === undefined) return 'Null';
  if (context === 'Json') return 'Json';
  if (typeof value === 'string') return getStringType(value, context);
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : 'Number';
  if (typeof value === 'boolean') return 'Boolean';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : 'Date';
  if (Buffer.isBuffer(value)) return 'Binary';
  if (context === 'Point' && isPointPair(value)) return 'Point';

  return undefined;
}

/**
 * The value types a primitive column accepts: its own type and `Null` (`Timeonly`, the
 * deprecated alias of `Time`, also accepts `Time`).
 *
 * @example
 * ```ts
 * acceptedValueTypes('Number'); // ['Number', 'Null']
 * acceptedValueTypes('Timeonly'); // ['Timeonly', 'Time', 'Null']
 * ```
 */
export function acceptedValueTypes(columnType: PrimitiveType): readonly ValueType[] {
  return columnType === 'Timeonly' ? ['Timeonly', 'Time', 'Null'] : [columnType, 'Null'];
}
