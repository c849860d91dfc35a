import type { ValueType } from './type-getter';

/**
 * Writes a value the way validation messages show it: strings raw, objects as JSON.
 *
 * @example
 * ```ts
 * describeValue('abc'); // 'abc'
 * describeValue({ a: 1 }); // '{"a":1}'
 * ```
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (Buffer.isBuffer(value)) return `<Buffer ${value.length} bytes>`;
  if (value !== null && typeof value === 'object') {
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }

  return String(value);
}

/**
 * Writes a list of allowed types the way validation messages show it.
 *
 * @example
 * ```ts
 * describeTypes(['String', 'Null']); // '"String",null'
 * ```
 */
export function describeTypes(types: readonly ValueType[]): string {
  return types.map(type => (type === 'Null' ? 'null' : `"${type}"`)).join(',');
}
