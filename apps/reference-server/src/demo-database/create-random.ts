/** A seeded pseudo-random generator: the same seed always gives the same sequence. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  integer(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** A copy of the list in random order (Fisher–Yates). */
  shuffle<T>(list: readonly T[]): T[];
}

/**
 * A mulberry32 generator. It only uses 32-bit integer arithmetic (`Math.imul`, shifts), so the
 * sequence is identical on every platform and Node version, unlike `Math.random()`.
 *
 * @param seed - Any 32-bit integer.
 * @example
 * ```ts
 * const random = createRandom(42);
 * random.integer(1, 6); // always the same first roll for seed 42
 * ```
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);

    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    if (list.length === 0) throw new RangeError('Cannot pick from an empty list');

    return list[integer(0, list.length - 1)] as T;
  };

  return {
    next,
    integer,
    chance: p => next() < p,
    pick,
    shuffle: <T>(list: readonly T[]) => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = integer(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }

      return copy;
    },
  };
}
