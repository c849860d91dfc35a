/**
 * A parsed JSON object (not an array, not null).
 *
 * @example
 * ```ts
 * const body: JsonObject = { data: { attributes: { ids: ['1'] } } };
 * ```
 */
export type JsonObject = Readonly<Record<string, unknown>>;

/**
 * Tells whether a value read from a JSON body is an object (arrays and `null` are not).
 *
 * @example
 * ```ts
 * isJsonObject({ data: {} }); // true
 * isJsonObject([{ id: '1' }]); // false
 * ```
 */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
