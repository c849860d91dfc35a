import type { Prng } from './prng';

/**
 * Generators of hostile values for the fuzz suite. Large and deep values are built as raw text
 * (never through `JSON.stringify` of a deep object, which would overflow the test's own stack).
 */

/** One kilobyte, one megabyte: "near 1 MB" strings stay under the body limits. */
export const KB = 1024;
export const MB = 1024 * KB;

/** The Node HTTP parser caps the request line and headers at 16 KB: query strings stay near it. */
export const maxQueryBytes = 15 * KB;

/** Short strings that break naive parsers, SQL builders, id splitters and LIKE translators. */
export const nastyStrings: readonly string[] = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '|',
  '||',
  '1|',
  '|1',
  '1|2|3',
  '%',
  '%%',
  '%25',
  '_',
  '\\',
  '\\%',
  "'",
  '"',
  '`',
  "'; DROP TABLE orders; --",
  "' OR '1'='1",
  '$$',
  '$t$',
  '{{currentUser.id}}',
  '{{ currentUser.email }}',
  '{{__proto__}}',
  '\u0000',
  'a\u0000b',
  '\u202e',
  '\ud83d\ude00',
  '\ud800',
  '\uffff',
  'é',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'Europe/Paris',
  'europe/PARIS',
  'Mars/Olympus',
  '+99:00',
  '2024-13-45T99:99:99Z',
  '0000-00-00',
];

/** Field names: real ones of the fixture, relation paths, and prototype keys. */
export const fieldNames: readonly string[] = [
  'id',
  'name',
  'city',
  'profile',
  'amount',
  'status',
  'placed_at',
  'summary',
  'customer',
  'customer:name',
  'customer:orders',
  'customer:__proto__',
  'products',
  'products:label',
  'label',
  'title',
  'price',
  'notes',
  'author',
  'author:firstName',
  'tags:label',
  'nope',
  'nope:deeper:still',
  '__proto__',
  'constructor',
  'constructor:prototype',
];

export const operators: readonly string[] = [
  'Equal',
  'NotEqual',
  'LessThan',
  'GreaterThan',
  'In',
  'NotIn',
  'Like',
  'ILike',
  'Contains',
  'IContains',
  'NotContains',
  'StartsWith',
  'EndsWith',
  'Present',
  'Blank',
  'Missing',
  'Before',
  'After',
  'PreviousXDays',
  'IncludesAll',
  'Match',
  'equal',
  'less_than',
  'nope',
  '__proto__',
];

/** A pathological repetition of `unit` of about `bytes` bytes. */
export function repeatTo(unit: string, bytes: number): string {
  return unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));
}

/** Inputs that make quadratic or backtracking parsers take seconds to minutes. */
export function pathological(rng: Prng, bytes: number, kind = rng.int(0, 9)): string {
  switch (kind) {
    case 0:
      return repeatTo(')', bytes);
    case 1:
      return repeatTo('(', bytes);
    case 2:
      return repeatTo('%', bytes);
    case 3:
      return `${repeatTo('%a', bytes - 2)}%b`;
    case 4:
      return repeatTo('\\', bytes);
    case 5:
      return repeatTo("'", bytes);
    case 6:
      return Array.from({ length: Math.floor(bytes / 6) }, (_, i) => `$t${i}$`).join(' ');
    case 7:
      return repeatTo('a ', bytes);
    case 8:
      return repeatTo('|', bytes);
    default:
      return repeatTo('{{', bytes);
  }
}

/** A string of one of three size classes: short, up to the query limit, near 1 MB. */
export function nastyString(rng: Prng, maxBytes: number): string {
  const roll = rng.next();
  if (roll < 0.7) return rng.pick(nastyStrings);
  if (roll < 0.85) return rng.pick(nastyStrings).repeat(rng.int(2, 50));
  const bytes = Math.min(maxBytes, rng.chance(0.5) ? rng.int(1, 4) * KB : maxBytes);

  return rng.chance(0.7) ? pathological(rng, bytes) : repeatTo('x', bytes);
}

/** Text of a JSON value `depth` levels deep (arrays or objects), built without recursion. */
export function deepJson(depth: number, kind: 'array' | 'object' | 'tree'): string {
  if (kind === 'array') return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  if (kind === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  // A condition tree nested `depth` times: And → [And → [… → leaf]].
  const open = '{"aggregator":"And","conditions":[';
  const leaf = '{"field":"id","operator":"Equal","value":1}';

  return `${open.repeat(depth)}${leaf}${']}'.repeat(depth)}`;
}

/** A random JSON value (as text) of bounded depth, with hostile strings and numbers. */
export function randomJson(rng: Prng, depth = 3, maxBytes = 4 * KB): string {
  const roll = rng.int(0, depth > 0 ? 9 : 5);
  switch (roll) {
    case 0:
      return 'null';
    case 1:
      return rng.pick(['true', 'false']);
    case 2:
      return rng.pick(['0', '-1', '1e308', '-1e308', '1.5', '99999999999999999999999', '2']);
    case 3:
    case 4:
    case 5:
      return JSON.stringify(nastyString(rng, maxBytes));
    case 6:
    case 7:
      return `[${Array.from({ length: rng.int(0, 4) }, () => randomJson(rng, depth - 1, maxBytes)).join(',')}]`;
    default:
      return `{${Array.from(
        { length: rng.int(0, 4) },
        () =>
          `${JSON.stringify(rng.pick([...fieldNames, ...nastyStrings]))}:${randomJson(rng, depth - 1, maxBytes)}`,
      ).join(',')}}`;
  }
}

/** A condition tree as JSON text: malformed, deep, wide, or plausible with hostile values. */
export function filterJson(rng: Prng, maxBytes: number): string {
  const roll = rng.int(0, 9);
  if (roll === 0) return rng.pick(['{', '{"aggregator":', 'null', '[]', '"x"', '1', '{}', 'nope']);
  if (roll === 1) {
    // Deep, but within the byte budget (each level is ~34 bytes).
    const depth = Math.max(1, Math.min(10_000, Math.floor(maxBytes / 40)));

    return deepJson(rng.int(Math.floor(depth / 2), depth), 'tree');
  }
  if (roll === 2) {
    const leaf = '{"field":"id","operator":"In","value":[1,2,3]}';
    const count = Math.max(1, Math.floor(maxBytes / (leaf.length + 1)));

    return `{"aggregator":"Or","conditions":[${Array.from({ length: count }, () => leaf).join(',')}]}`;
  }
  if (roll === 3) return randomJson(rng, 4, maxBytes);
  const leaf = () =>
    JSON.stringify({
      field: rng.pick(fieldNames),
      operator: rng.pick(operators),
      value: rng.chance(0.5)
        ? nastyString(rng, Math.min(maxBytes, 2 * KB))
        : rng.pick([1, -1, null, [], [1, 'a'], { a: 1 }]),
    });
  if (rng.chance(0.5)) return leaf();

  return `{"aggregator":"${rng.pick(['And', 'Or', 'Xor', 'and'])}","conditions":[${Array.from({ length: rng.int(0, 4) }, leaf).join(',')}]}`;
}
