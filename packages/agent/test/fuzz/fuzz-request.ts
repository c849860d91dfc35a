import { createHmac } from 'node:crypto';
import { authSecret } from '../helpers/fake-platform';
import { KB, nastyString } from './generators';
import { createPrng } from './prng';
import type { Prng } from './prng';
import { families } from './routes';
import type { CallerKind, FuzzRequest } from './routes';

const b64 = (value: string) => Buffer.from(value).toString('base64url');

/** An HS256 token over an arbitrary payload text, signed with the agent's real secret. */
function rawToken(payload: string, secret = authSecret): string {
  const unsigned = `${b64('{"alg":"HS256","typ":"JWT"}')}.${b64(payload)}`;

  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

const adminClaims = {
  id: 1,
  email: 'user1@example.com',
  renderingId: 1,
  permissionLevel: 'admin',
  tags: {},
};

/** Credentials that must never authenticate, each named (the name becomes a request tag). */
function forgedCredentials(rng: Prng): [string, Record<string, string>] {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const variants: Array<[string, () => Record<string, string>]> = [
    ['garbage token', () => bearer('garbage')],
    ['three dots', () => bearer('a.b.c')],
    ['bearer without token', () => ({ authorization: 'Bearer' })],
    ['basic', () => ({ authorization: `Basic ${b64('admin:admin')}` })],
    [
      'other secret',
      () =>
        bearer(
          rawToken(
            JSON.stringify({ ...adminClaims, exp: Math.floor(Date.now() / 1000) + 3600 }),
            'another-secret-another-secret-xx',
          ),
        ),
    ],
    [
      'expired',
      () => bearer(rawToken(JSON.stringify({ ...adminClaims, iat: 1e6, exp: 1e6 + 10 }))),
    ],
    [
      'alg none',
      () =>
        bearer(
          `${b64('{"alg":"none","typ":"JWT"}')}.${b64(JSON.stringify({ ...adminClaims, exp: 9e9 }))}.`,
        ),
    ],
    ['no exp', () => bearer(rawToken(JSON.stringify(adminClaims)))],
    ['string exp', () => bearer(rawToken(JSON.stringify({ ...adminClaims, exp: 'never' })))],
    ['array exp', () => bearer(rawToken(JSON.stringify({ ...adminClaims, exp: [9e9] })))],
    ['payload not json', () => bearer(rawToken('not json'))],
    ['null payload', () => bearer(rawToken('null'))],
    ['huge exp', () => bearer(rawToken(`{"exp":${'9'.repeat(400)},"id":1}`))],
    ['malformed cookie', () => ({ cookie: 'forest_session_token=%E0%A4%A' })],
    ['long cookie', () => ({ cookie: `forest_session_token=${'x'.repeat(8 * KB)}` })],
    ['empty cookie', () => ({ cookie: 'forest_session_token=' })],
    [
      'nasty cookie',
      () => ({
        cookie: `forest_session_token=${encodeURIComponent(nastyString(rng, 256).replace(/[\ud800-\udfff]/g, '?'))}`,
      }),
    ],
  ];
  const [name, build] = rng.pick(variants);

  return [name, build()];
}

function credentials(
  rng: Prng,
  caller: CallerKind,
  tokens: Tokens,
): [string, Record<string, string>] {
  if (caller === 'anonymous') {
    const anonymous: Array<Record<string, string>> = [
      {},
      { cookie: 'other=1' },
      { cookie: 'forest_session_token' },
    ];

    return ['anonymous', rng.pick(anonymous)];
  }
  if (caller === 'forged') return forgedCredentials(rng);
  const token = tokens[caller];

  return rng.chance(0.8)
    ? ['bearer', { authorization: `Bearer ${token}` }]
    : [
        'cookie',
        { cookie: `a=%zz; forest_session_token=${token}; b=${'c'.repeat(rng.int(0, 100))}` },
      ];
}

/** Hostile but transport-valid extra headers. */
function extraHeaders(rng: Prng, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  if (hasBody) {
    headers['content-type'] = rng.chance(0.85)
      ? 'application/json'
      : rng.pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/vnd.api+json',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-16',
          'application/json; charset=nope',
          '*/*',
          'application/json, text/html',
        ]);
  }
  if (rng.chance(0.1)) {
    headers['x-forwarded-for'] = rng.pick([
      '10.0.0.1',
      'not an ip',
      '1.2.3.4, 10.0.0.1, ::1',
      Array.from({ length: 500 }, (_, i) => `10.0.${i % 256}.1`).join(', '),
      '::ffff:127.0.0.1',
      '',
    ]);
  }
  if (rng.chance(0.1)) headers.origin = rng.pick(['https://evil.example', 'null', 'file://', '*']);
  if (rng.chance(0.05)) headers['content-encoding'] = rng.pick(['gzip', 'br', 'nope']);
  if (rng.chance(0.05))
    headers['x-forest-correlation-id'] = nastyString(rng, 256).replace(/[^\x20-\x7e]/g, '?');

  return headers;
}

/** The two valid session tokens. */
export interface Tokens {
  readonly admin: string;
  readonly restricted: string;
}

const runUnits = [
  ')',
  '(',
  '%',
  '%a',
  '\\',
  "'",
  '$t',
  'a ',
  '|',
  '{{',
  '[',
  '{"a":',
  '"conditions":[',
];

/** Tags a request by what makes it heavy: size, depth, long runs of one token. */
function tagsOf(path: string, body: string | undefined): string[] {
  const tags: string[] = [];
  if ((body?.length ?? 0) > 256 * KB) tags.push('large body');
  if (path.length > 8 * KB) tags.push('long query');
  const text = `${decodeSafely(path)}\n${body ?? ''}`;
  for (const unit of runUnits) if (text.includes(unit.repeat(200))) tags.push(`run of ${unit}`);
  if (/(?:\$t\d+\$ ){200}/.test(text)) tags.push('run of $tN$');

  return tags;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const callers: readonly CallerKind[] = [
  'admin',
  'admin',
  'admin',
  'restricted',
  'restricted',
  'restricted',
  'anonymous',
  'forged',
  'forged',
];
const weighted = families.flatMap(family => Array.from({ length: family.weight }, () => family));

/**
 * The request number `index` of the run seeded by `seed`: each request has its own generator, so
 * `FUZZ_SEED=s FUZZ_REQUEST=i` rebuilds exactly the one that failed.
 *
 * @example
 * ```ts
 * const request = fuzzRequest(20261123, 41, tokens);
 * ```
 */
export function fuzzRequest(seed: number, index: number, tokens: Tokens): FuzzRequest {
  const rng = createPrng((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const caller = rng.pick(callers);
  const family = rng.pick(weighted);
  const built = family.build(rng, caller);
  const [credential, authentication] = credentials(rng, caller, tokens);
  const headers = {
    ...authentication,
    ...extraHeaders(rng, built.body !== undefined),
  };

  return {
    family: family.name,
    caller,
    method: built.method,
    path: built.path,
    headers,
    body: built.body,
    tags: [`credentials: ${credential}`, ...(built.tags ?? []), ...tagsOf(built.path, built.body)],
  };
}
