/**
 * Copies a value deeply so that neither side can mutate the other: plain objects, arrays, dates
 * and buffers are duplicated (`structuredClone` would turn a Buffer into a bare Uint8Array).
 *
 * @example
 * ```ts
 * const copy = deepCopy({ cover: Buffer.from([1]), at: new Date(0), tags: ['a'] });
 * ```
 */
export function deepCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Buffer.isBuffer(value)) return Buffer.from(value) as T;
  if (value instanceof Uint8Array) return Buffer.from(value) as T;
  if (Array.isArray(value)) return value.map(item => deepCopy(item as unknown)) as T;

  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, deepCopy(item)]),
  ) as T;
}
