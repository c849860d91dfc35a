/**
 * A query string with every key and value percent-encoded (brackets included), as a browser
 * sends it.
 *
 * @example
 * ```ts
 * queryString({ timezone: 'UTC', 'page[size]': 15 }); // 'timezone=UTC&page%5Bsize%5D=15'
 * ```
 */
export function queryString(params: Record<string, string | number>): string {
  return Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/**
 * The n-th id of a rotation through `count` records (1-based), spread over the table so that
 * consecutive requests do not read neighbours (7919 is prime, so every id comes once per cycle
 * whenever `count` is not one of its multiples).
 *
 * @example
 * ```ts
 * rotateId(0, 100_000); // 1
 * rotateId(1, 100_000); // 7920
 * ```
 */
export function rotateId(n: number, count: number): number {
  return ((n * 7919) % count) + 1;
}
