import { ValidationError } from '@grove/datasource-toolkit';
import { performance } from 'node:perf_hooks';

/** What {@link Benchmark.run} measured, in milliseconds. */
export interface BenchmarkResult {
  readonly times: number;
  /** One duration per run, in order. */
  readonly durations: number[];
  readonly average: number;
  readonly total: number;
  readonly min: number;
  readonly max: number;
}

/**
 * Times an async function over several sequential runs (the test client's `benchmark()`, as in
 * the vendor's kit). It reports; it asserts nothing: compare its figures in your own test if
 * you must, knowing that timings on a shared machine are noisy.
 *
 * @example
 * ```ts
 * const { average, max } = await client
 *   .benchmark()
 *   .times(10)
 *   .run(() => client.collection('orders').list());
 * console.log(`list: ${average.toFixed(1)} ms on average, ${max.toFixed(1)} ms at worst`);
 * ```
 */
export class Benchmark {
  private count = 1;

  /** How many runs (default 1). Throws below 1. */
  times(count: number): this {
    if (!(count >= 1)) throw new ValidationError('Times must be greater than 0');
    this.count = Math.floor(count);

    return this;
  }

  /** Runs `fn` the given number of times, one after the other, and returns the durations. */
  async run(fn: () => unknown): Promise<BenchmarkResult> {
    const durations: number[] = [];
    for (let run = 0; run < this.count; run += 1) {
      const start = performance.now();
      await fn();
      durations.push(performance.now() - start);
    }
    const total = durations.reduce((sum, duration) => sum + duration, 0);

    return {
      times: this.count,
      durations,
      average: total / this.count,
      total,
      min: Math.min(...durations),
      max: Math.max(...durations),
    };
  }
}
