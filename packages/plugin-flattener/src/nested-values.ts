import type { RecordData } from '@grove/datasource-toolkit';

/**
 * Reads a nested value; any missing or non-object level gives `null`.
 *
 * @example
 * ```ts
 * readNested({ geo: { lat: 1 } }, ['geo', 'lat']); // 1
 * readNested(null, ['geo', 'lat']); // null
 * ```
 */
export function readNested(value: unknown, segments: readonly string[]): unknown {
  let current = value;
  for (const segment of segments) {
    if (!isPlainObject(current)) return null;
    current = current[segment];
  }

  return current === undefined ? null : current;
}

/**
 * Builds the nested object holding `value` at `segments`.
 *
 * @example
 * ```ts
 * nest(['geo', 'lat'], 4); // { geo: { lat: 4 } }
 * ```
 */
export function nest(segments: readonly string[], value: unknown): unknown {
  return segments.reduceRight<unknown>((inner, segment) => ({ [segment]: inner }), value);
}

/**
 * Merges `patch` into `base` deeply: plain objects merge recursively, anything else (arrays,
 * scalars, null) is replaced. Neither argument is mutated.
 *
 * @example
 * ```ts
 * deepMerge({ a: 1, geo: { lat: 1, lng: 2 } }, { geo: { lat: 3 } });
 * // { a: 1, geo: { lat: 3, lng: 2 } }
 * ```
 */
export function deepMerge(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const result: RecordData = isPlainObject(base) ? { ...base } : {};
  for (const [key, value] of Object.entries(patch)) result[key] = deepMerge(result[key], value);

  return result;
}

/**
 * Serializes a value with sorted object keys, so equal values give equal strings.
 *
 * @example
 * ```ts
 * stableKey({ b: 1, a: 2 }) === stableKey({ a: 2, b: 1 }); // true
 * ```
 */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    isPlainObject(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}

/** Tells whether a value is a plain object (not an array, a Date or a Buffer). */
export function isPlainObject(value: unknown): value is RecordData {
  return (
    typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
  );
}
