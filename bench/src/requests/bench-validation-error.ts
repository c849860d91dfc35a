/**
 * An agent's answer that does not match the database: the benchmark refuses to measure it.
 *
 * @example
 * ```ts
 * throw new BenchValidationError('count', `expected 100000, got 99999`);
 * ```
 */
export class BenchValidationError extends Error {
  readonly code = 'BenchValidationError';

  constructor(
    readonly kind: string,
    detail: string,
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'BenchValidationError';
  }
}

/**
 * Throws a {@link BenchValidationError} unless `actual` and `expected` serialise to the same JSON.
 *
 * @example
 * ```ts
 * expectSame('count', 'count', answer.count, 100_000);
 * ```
 */
export function expectSame(kind: string, what: string, actual: unknown, expected: unknown): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) {
    throw new BenchValidationError(
      kind,
      `${what}: expected ${e.slice(0, 800)}, got ${a.slice(0, 800)}`,
    );
  }
}
