const reported = new Set<string>();

/**
 * Writes one line `skipped: <reason>` to the terminal, once per reason and test file (jest gives
 * each test file its own module registry, so this set starts empty in every file). Written to
 * stdout rather than through `console.log`, which jest frames in four lines and a stack.
 *
 * @param reason - What the run lacks, e.g. `no POSTGRES_URL`.
 *
 * @example
 * ```ts
 * if (!process.env.POSTGRES_URL) reportSkipped('no POSTGRES_URL');
 * ```
 */
export function reportSkipped(reason: string): void {
  if (reported.has(reason)) return;
  reported.add(reason);
  process.stdout.write(`skipped: ${reason}\n`);
}
