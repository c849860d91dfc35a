import { setFlagsFromString } from 'node:v8';

type SameMap = (a: object, b: object) => boolean;

let haveSameMap: SameMap | undefined;

/**
 * How many times, over `calls` calls, `make` answered an object of another hidden class than the
 * one before: 0 when V8 reuses one shape. For tests of code that runs on every request: on
 * Node 20, `{ ...source, added }` makes a new hidden class almost every time once warm, which
 * costs CPU and pushes the request's objects into the old generation (docs/style.md#hot-paths).
 * Its first call lets the process use V8's test natives (`--allow-natives-syntax`).
 *
 * @param make - builds one object, as a request would
 * @param calls - how many objects to compare, each with the one before (default 500)
 * @example
 * ```ts
 * expect(hiddenClassChanges(() => filter.components)).toBe(0);
 * ```
 */
export function hiddenClassChanges(make: () => object, calls = 500): number {
  if (!haveSameMap) {
    setFlagsFromString('--allow-natives-syntax');
    haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as SameMap;
  }
  let previous = make();
  let changes = 0;
  for (let call = 0; call < calls; call += 1) {
    const next = make();
    if (!haveSameMap(previous, next)) changes += 1;
    previous = next;
  }

  return changes;
}
