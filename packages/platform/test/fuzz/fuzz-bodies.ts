import type { FuzzPrng } from './fuzz-prng';

/**
 * Generators of hostile bodies and values. Deep and large values are built as raw text (never
 * through `JSON.stringify` of a deep object, which would overflow the suite's own stack).
 */

const KB = 1024;

/** Short strings that break naive parsers, SQL builders, id parsers and templates. */
export const nastyStrings: readonly string[] = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '%',
  '%25',
  '_',
  '\\',
  "'",
  '"',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '{{currentUser.id}}',
  '\u0000',
  'a\u0000b',
  '\u202e',
  '\ud83d\ude00',
  '\ud800',
  '__proto__',
  'constructor',
  'toString',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'http://127.0.0.1:1/',
  '2024-13-45T99:99:99Z',
  '99999999999999999999999',
];

/** `encodeURIComponent`, with lone surrogates (which it refuses) sent as `%ED%A0%80`. */
export function encodeLoosely(text: string): string {
  return text
    .split(/([\ud800-\udfff])/)
    .map(part => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

/** A nasty string, sometimes a long run of one (up to `max` characters). */
export function nastyString(rng: FuzzPrng, max = 2 * KB): string {
  const unit = rng.pick(nastyStrings) || 'x';

  return rng.chance(0.15)
    ? unit.repeat(Math.max(1, Math.floor(rng.int(1, max) / unit.length)))
    : unit;
}

/** A value of any JSON type (and some that only look like one), shallow. */
export function wrongValue(rng: FuzzPrng): unknown {
  return rng.pick<() => unknown>([
    () => null,
    () => true,
    () => rng.int(-2, 2 ** 31),
    () => -1,
    () => 1.5,
    () => 1e308,
    () => nastyString(rng),
    () => [],
    () => [nastyString(rng), rng.int(0, 9)],
    () => ({}),
    () => ({ __proto__: { polluted: true } }),
    () => ({ constructor: { prototype: { polluted: true } } }),
    () => ({ id: rng.int(0, 9), name: nastyString(rng) }),
  ])();
}

/** `{ "k": [[[ … ]]] }`: nested far past any sensible depth, small in bytes. */
export function deepJson(rng: FuzzPrng, key: string): string {
  const levels = rng.pick([40, 200, 2000, 20_000]);
  const open = rng.chance(0.5) ? '[' : '{"a":';
  const close = open === '[' ? ']' : '}';

  return `{"${key}":${open.repeat(levels)}1${close.repeat(levels)}}`;
}

/** A JSON object with the route's field names (some valid-looking values, some wrong types). */
export function validishJson(
  rng: FuzzPrng,
  fields: readonly string[],
  sample: (field: string) => unknown,
): string {
  const object: Record<string, unknown> = {};
  for (const field of fields) {
    if (rng.chance(0.15)) continue;
    object[field] = rng.chance(0.6) ? sample(field) : wrongValue(rng);
  }
  if (rng.chance(0.2))
    object[rng.pick(['__proto__', 'constructor', 'extra', ''])] = wrongValue(rng);
  const text = JSON.stringify(object);

  return rng.chance(0.1) ? `{"data":{"attributes":${text}}}` : text;
}

/** Bytes that are not text at all. */
export function garbageBytes(rng: FuzzPrng): Buffer {
  return Buffer.from(Array.from({ length: rng.int(1, 2 * KB) }, () => rng.int(0, 255)));
}

/** A body and the content type it claims (sometimes a lie). */
export interface FuzzBody {
  readonly body: string | Buffer;
  readonly contentType?: string;
  readonly kind: string;
}

/**
 * One hostile body for a route with these field names: valid-ish JSON, wrong types, deep
 * nesting, a huge string, urlencoded, truncated JSON, garbage bytes, or nothing typed at all.
 */
export function fuzzBody(
  rng: FuzzPrng,
  fields: readonly string[],
  sample: (field: string) => unknown,
): FuzzBody {
  const field = fields.length ? rng.pick(fields) : 'name';
  const json = 'application/json';
  const kinds: Array<() => FuzzBody> = [
    () => ({ kind: 'valid-ish json', body: validishJson(rng, fields, sample), contentType: json }),
    () => ({ kind: 'valid-ish json', body: validishJson(rng, fields, sample), contentType: json }),
    () => ({ kind: 'valid-ish json', body: validishJson(rng, fields, sample), contentType: json }),
    () => ({ kind: 'wrong type', body: JSON.stringify(wrongValue(rng)), contentType: json }),
    () => ({ kind: 'deep', body: deepJson(rng, field), contentType: json }),
    () => ({
      kind: 'huge string',
      body: JSON.stringify({ [field]: 'x'.repeat(rng.pick([64 * KB, 600 * KB, 3000 * KB])) }),
      contentType: json,
    }),
    () => ({
      kind: 'urlencoded',
      body:
        fields.map(name => `${name}=${encodeLoosely(String(sample(name)))}`).join('&') +
        '&a[b][c]=1&__proto__[x]=1',
      contentType: 'application/x-www-form-urlencoded',
    }),
    () => ({
      kind: 'truncated json',
      body: validishJson(rng, fields, sample).slice(0, -3),
      contentType: json,
    }),
    () => ({
      kind: 'garbage bytes',
      body: garbageBytes(rng),
      contentType: rng.pick([json, 'application/octet-stream', 'application/zip']),
    }),
    () => ({
      kind: 'odd content type',
      body: validishJson(rng, fields, sample),
      contentType: rng.pick([
        'text/plain',
        'application/json; charset=utf-16',
        'multipart/form-data; boundary=x',
        '*/*',
        'application/vnd.api+json',
        'application/json, text/html',
      ]),
    }),
    () => ({ kind: 'no content type', body: validishJson(rng, fields, sample) }),
    () => ({ kind: 'empty', body: '', contentType: json }),
  ];

  return rng.pick(kinds)();
}
