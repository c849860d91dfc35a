import type { LoadOutcome } from './start-load';

/** The writes of a load, by what their caller was told. */
export interface WriteCount {
  /** Keys of the writes answered 200: each must be in the database. */
  readonly acknowledged: number[];
  /** Keys of the writes answered otherwise: none may be in the database. */
  readonly refused: number[];
  /** Every distinct answer, `status` or `status detail` (`500 Unexpected error`), sorted. */
  readonly answers: string[];
}

/**
 * Splits the outcomes of a write load into acknowledged (200) and refused writes.
 *
 * @example
 * ```ts
 * const { acknowledged, refused } = countWrites(await load.stop());
 * expect(await refsInTable()).toEqual(acknowledged);
 * ```
 */
export function countWrites(outcomes: readonly LoadOutcome[]): WriteCount {
  const acknowledged = outcomes.filter(o => o.status === 200).map(o => o.n);
  const refused = outcomes.filter(o => o.status !== 200).map(o => o.n);
  const answers = [...new Set(outcomes.map(answerOf))].sort();

  return { acknowledged, refused, answers };
}

/**
 * The calls sent at or after `instant` (a fault's end plus its bound) that were not answered
 * 200: none, once the service is back.
 */
export function failuresSince(outcomes: readonly LoadOutcome[], instant: number): LoadOutcome[] {
  return outcomes.filter(o => o.startedAt >= instant && o.status !== 200);
}

/** One outcome as `status` or `status detail`. */
export function answerOf(outcome: LoadOutcome): string {
  return outcome.detail === undefined
    ? String(outcome.status)
    : `${outcome.status} ${outcome.detail}`;
}
