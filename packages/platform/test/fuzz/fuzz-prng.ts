/**
 * A seeded PRNG (mulberry32) with the helpers the platform fuzz generators need. The same seed
 * always yields the same sequence, so a failing request is rebuilt from its seed and index.
 *
 * @example
 * ```ts
 * const rng = createFuzzPrng(7);
 * rng.int(0, 9); // always the same first number for seed 7
 * ```
 */
export interface FuzzPrng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number;
  /** true with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
}

export function createFuzzPrng(seed: number): FuzzPrng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);

    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: p => next() < p,
    pick: list => {
      const item = list[Math.floor(next() * list.length)];
      if (item === undefined) throw new Error('pick from an empty list');

      return item;
    },
  };
}
