import { numericArgumentOperators } from '@grove/datasource-toolkit';
import type { ColumnType, Operator } from '@grove/datasource-toolkit';

const trueWords: ReadonlySet<string> = new Set(['true', 'yes', '1']);
const falseWords: ReadonlySet<string> = new Set(['false', 'no', '0']);

/**
 * Casts the value of a wire condition to what its column expects, before validation
 * (docs/agent-protocol.md#value-coercion): the six numeric-argument operators (`LongerThan`,
 * `PreviousXDays`…) read a Number; `In` / `NotIn` read a list (a string is split on commas and
 * trimmed, Number lists drop what is not a number); otherwise String/Date/Dateonly columns read
 * strings, Number columns numbers, Boolean columns `true/yes/1` and `false/no/0` (anything else by
 * truthiness). Other column types, `null` and `undefined` are left as they are; arrays are cast
 * item by item.
 *
 * Grove: a blank string read as a Number is `NaN` (not `0`), so `1,,2` is `[1, 2]` and `Equal ''`
 * on a Number column is refused instead of matching zero.
 *
 * @example
 * ```ts
 * coerceFilterValue('In', 'Number', '1, 2, x'); // [1, 2]
 * coerceFilterValue('Equal', 'Boolean', 'yes'); // true
 * coerceFilterValue('PreviousXDays', 'Date', '7'); // 7
 * ```
 */
export function coerceFilterValue(
  operator: Operator,
  columnType: ColumnType,
  value: unknown,
): unknown {
  if (value === null || value === undefined) return value;
  if (numericArgumentOperators.has(operator)) return toNumber(value);
  if (operator === 'In' || operator === 'NotIn') return coerceList(columnType, value);

  return Array.isArray(value)
    ? value.map(item => coerceScalar(columnType, item))
    : coerceScalar(columnType, value);
}

function coerceList(columnType: ColumnType, value: unknown): unknown[] {
  const items: unknown[] =
    typeof value === 'string'
      ? value.split(',').map(item => item.trim())
      : Array.isArray(value)
        ? value
        : [value];
  const coerced = items.map(item => coerceScalar(columnType, item));

  return columnType === 'Number'
    ? coerced.filter(item => !(typeof item === 'number' && Number.isNaN(item)))
    : coerced;
}

function coerceScalar(columnType: ColumnType, value: unknown): unknown {
  if (value === null || value === undefined) return value;

  switch (columnType) {
    case 'String':
    case 'Date':
    case 'Dateonly':
      return isPrimitive(value) ? String(value) : value;
    case 'Number':
      return typeof value === 'string' ? toNumber(value) : value;
    case 'Boolean':
      return toBoolean(value);
    default:
      return value;
  }
}

function toNumber(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? Number.NaN : Number(value);

  return isPrimitive(value) ? Number(value) : value;
}

function toBoolean(value: unknown): boolean {
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (trueWords.has(word)) return true;
    if (falseWords.has(word)) return false;
  }

  return Boolean(value);
}

function isPrimitive(value: unknown): value is string | number | boolean | bigint {
  return ['string', 'number', 'boolean', 'bigint'].includes(typeof value);
}
