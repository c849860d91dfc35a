/**
 * The middle value of a list (the mean of the two middle ones for an even count; NaN when empty).
 *
 * @example
 * ```ts
 * median([751, 438, 482]); // 482
 * ```
 */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  if (sorted.length % 2 === 1) return sorted[middle] as number;

  return ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
