/**
 * The JSON value of a schema entry as it will be read back from the file: `undefined` is `null`,
 * dates are ISO strings, objects are copied through JSON, bigints become strings.
 *
 * @param value - A default value or another value of the data source.
 * @example
 * ```ts
 * toJsonValue(new Date('2024-01-02T03:04:05Z')); // '2024-01-02T03:04:05.000Z'
 * toJsonValue(undefined); // null
 * ```
 */
export function toJsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'object' && value !== null) {
    return JSON.parse(
      JSON.stringify(value, (_key, item: unknown) =>
        typeof item === 'bigint' ? item.toString() : item,
      ),
    ) as unknown;
  }

  return value;
}
