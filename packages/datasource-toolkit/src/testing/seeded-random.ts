/**
 * A seeded generator (mulberry32) of numbers in [0, 1): the same sequence on every run, so that
 * a failing random case of a property test can be replayed.
 *
 * @example
 * ```ts
 * const next = seededRandom(42);
 * next(); // always the same first number
 * ```
 */
export function seededRandom(seed: number): () => number {
  let state = seed;

  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;

    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
