import { describe } from '@jest/globals';
import { reportSkipped } from './report-skipped';

/**
 * `describe(name, body)` when nothing is missing; otherwise `describe.skip(name, body)`, so jest
 * reports the suite's real tests as skipped (never as passed), and one line `skipped: <reason>`.
 * Hooks of a skipped suite do not run: the body may read the variables in `beforeAll`.
 *
 * @param skipReason - `undefined` to run the suite, or what is missing (see {@link missingEnv}).
 * @param name - The suite's name.
 * @param body - The suite, as for `describe`.
 *
 * @example
 * ```ts
 * import { describeOrSkip, missingEnv } from '@grove/datasource-toolkit/testing';
 *
 * describeOrSkip(missingEnv('REDIS_URL'), 'rate limits shared through Redis', () => {
 *   beforeAll(async () => { redis = new Redis(process.env.REDIS_URL as string); });
 *   it('…', async () => { … });
 * });
 * ```
 */
export function describeOrSkip(
  skipReason: string | undefined,
  name: string,
  body: () => void,
): void {
  if (skipReason === undefined) {
    describe(name, body);

    return;
  }
  reportSkipped(skipReason);
  describe.skip(name, body);
}
