import { encodeLoosely, fuzzBody, nastyString, nastyStrings } from './fuzz-bodies';
import type { CallerCredentials, FuzzPlatform, ProjectIds } from './fuzz-platform';
import { createFuzzPrng } from './fuzz-prng';
import type { FuzzPrng } from './fuzz-prng';
import { routeFamilies } from './route-templates';
import type { Tolerance } from './table-snapshot';
import type { RouteTemplate } from './route-templates';

/** Who sends a request. */
export type FuzzCaller = 'anonymous' | 'member of A' | 'Admin of A' | 'Admin of B' | 'forged';

/** One generated request, ready for {@link sendRaw}. */
export interface FuzzRequest {
  readonly family: string;
  readonly caller: FuzzCaller;
  readonly method: RouteTemplate['method'];
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Buffer;
  /**
   * What the request may change in the database: `nothing`, `anything` (a caller allowed to
   * write there: Admin of A anywhere, Admin of B with B's ids or B's env secret, the webhook's
   * real signed URL), or the rows a signed-in user may write through that family (see
   * mayChangeOf).
   */
  readonly mayChange: 'nothing' | 'anything' | readonly Tolerance[];
  /** What is special about it (credential variant, id sources, body kind), for reports. */
  readonly tags: readonly string[];
}

const callers: readonly FuzzCaller[] = [
  'anonymous',
  'anonymous',
  'member of A',
  'member of A',
  'Admin of A',
  'Admin of A',
  'Admin of B',
  'Admin of B',
  'forged',
  'forged',
];
const weighted = routeFamilies.flatMap(family =>
  Array.from({ length: family.weight }, () => family),
);

/** Ids that are no id at all (the path segment is sent as is). */
const malformedIds = [
  '0',
  '-1',
  '1.5',
  'abc',
  '99999999999999999999',
  '1e3',
  '0x10',
  '%00',
  '%zz',
  '%2e%2e',
  '__proto__',
  "1'",
  '%20%31',
  'null',
  'a'.repeat(300),
];

/** Flips one character of a credential: same shape, wrong value. */
function tamper(rng: FuzzPrng, value: string): string {
  const at = rng.int(Math.floor(value.length / 2), value.length - 1);
  const swapped = value[at] === 'A' ? 'B' : 'A';

  return `${value.slice(0, at)}${swapped}${value.slice(at + 1)}`;
}

const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** A JWT with another payload (admin claims) over the real header and signature. */
function resignedJwt(token: string, payload: Record<string, unknown>): string {
  const [header = '', , signature = ''] = token.split('.');

  return `${header}.${b64(JSON.stringify(payload))}.${signature}`;
}

/** A UUID-shaped id drawn from the request's generator (a replayed request is the same). */
function seededUuid(rng: FuzzPrng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16)).join('');

  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** Fills the path placeholders; records which sources the ids came from. */
function fillPath(
  rng: FuzzPrng,
  template: string,
  fuzz: FuzzPlatform,
  caller: FuzzCaller,
  sources: Set<string>,
): string {
  const drawSource = () => {
    const draw = rng.next();

    return draw < 0.55 ? 'A' : draw < 0.75 ? 'B' : draw < 0.87 ? 'random' : 'malformed';
  };
  // One source for the request, and each id keeps it 4 times in 5: paths whose ids all belong
  // together reach the routes' own checks, mixed ones their ownership checks.
  const main = drawSource();

  return template.replace(/:([a-zA-Z]+)/g, (_, name: string) => {
    const source = rng.chance(0.8) ? main : drawSource();
    sources.add(source);
    if (source === 'malformed') return rng.pick(malformedIds);
    if (source === 'random') return name === 'runId' ? seededUuid(rng) : String(rng.int(1, 5000));
    const ids: ProjectIds = source === 'A' ? fuzz.a : fuzz.b;
    const values: Record<string, string | number> = {
      ...ids,
      projectName: encodeURIComponent(ids.projectName),
      environmentName: encodeURIComponent(ids.environmentName),
      datasourceId: rng.int(1, 3),
      runId: seededUuid(rng),
      collection: rng.pick(['books', 'authors', 'nope']),
      action: rng.pick(['Refund', 'nope']),
      approvalId: rng.int(1, 3),
      logId: rng.int(1, 40),
      index: rng.pick(['0', '1', 'abc']),
      // An interaction uid of the provider's shape, and a UUID: neither is a live interaction.
      uid: rng.chance(0.5) ? 'b9VZdyMGiFLrQSVtYd1pS' : seededUuid(rng),
      clientId: fuzz.mcpClientId,
      invitationToken: rng.pick(['fuzz-invitation-a', 'nope', '']),
      signedId:
        caller === 'Admin of A' || source === 'B' ? ids.signedId : tamper(rng, ids.signedId),
    };
    const value = values[name];

    return value === undefined ? String(rng.int(1, 9)) : String(value);
  });
}

/** A query string for the route's parameters: plausible, hostile, repeated or bracketed. */
function queryOf(rng: FuzzPrng, names: readonly string[] | undefined): string {
  if (!names || rng.chance(0.3)) return '';
  const parts = names
    .filter(() => rng.chance(0.5))
    .map(name => {
      const value = rng.pick<() => string>([
        () => String(rng.int(-5, 200)),
        () => encodeLoosely(nastyString(rng, 4096)),
        () => '2026-01-01T00:00:00Z',
        () => rng.pick(['csv', 'ndjson', 'json']),
        () => '%zz',
      ])();
      const key = rng.chance(0.1) ? `${name}[a][b]` : name;

      return rng.chance(0.1) ? `${key}=${value}&${key}=${value}` : `${key}=${value}`;
    });

  return parts.length ? `?${parts.join('&')}` : '';
}

/** The sample value of a body field: ids of either project, real-looking values, or nasty ones. */
function sampler(rng: FuzzPrng, fuzz: FuzzPlatform, sources: Set<string>) {
  return (field: string): unknown => {
    const ids = rng.chance(0.7) ? fuzz.a : fuzz.b;
    if (/Id$/.test(field) || field === 'bundleId') {
      sources.add(ids === fuzz.a ? 'A' : 'B');

      return rng.pick<unknown>([ids.renderingId, ids.roleId, ids.teamId, ids.userId, 0, -1, '1']);
    }
    const samples: Record<string, () => unknown> = {
      email: () => rng.pick(['member-a@example.com', 'admin-b@example.com', 'x@example.com', 'no']),
      // Never the fixture's real password: a caller who knows it may sign in, and does write.
      password: () => rng.pick(['a long enough passworD', 'wrong', '', 'a'.repeat(5000)]),
      agentUrl: () => rng.pick(['http://127.0.0.1:9', 'file:///etc/passwd', 'http://user:pw@x']),
      redirect_uris: () => [
        rng.pick(['https://client.example/cb', 'http://localhost/cb', 'javascript:x']),
      ],
      grant_type: () =>
        rng.pick([
          'authorization_code',
          'refresh_token',
          'client_credentials',
          'urn:ietf:params:oauth:grant-type:device_code',
        ]),
      client_id: () => rng.pick([fuzz.mcpClientId, 'nope']),
      level: () => rng.pick(['read-only', 'read-write', 'root']),
      scopes: () => [rng.pick(['all', 'activity-logs:read', 'nope'])],
      status: () => rng.pick(['completed', 'failed', 'pending', 'nope']),
      logs: () => [{ action: 'read', collectionName: 'books', recordIds: ['1'] }],
      data: () => ({ attributes: { comment: nastyString(rng), collection_name: 'books' } }),
    };

    return (
      samples[field] ??
      (() => rng.pick<unknown>([nastyString(rng), rng.pick(nastyStrings), rng.int(0, 9), true]))
    )();
  };
}

/** Credentials that must never authenticate, each named (the name becomes a tag). */
function forgedHeaders(rng: FuzzPrng, fuzz: FuzzPlatform): [string, Record<string, string>] {
  const { adminA, memberA } = fuzz.credentials;
  const session = adminA.session!;
  const [cookieName = '', cookieValue = ''] = session.cookie.split('=');
  const jwt = adminA.userToken!;
  const variants: Array<[string, () => Record<string, string>]> = [
    [
      'tampered cookie',
      () => ({
        cookie: `${cookieName}=${tamper(rng, cookieValue)}`,
        'x-csrf-token': session.csrfToken,
      }),
    ],
    [
      'forged csrf',
      () => ({ cookie: session.cookie, 'x-csrf-token': tamper(rng, session.csrfToken) }),
    ],
    [
      'csrf of another session',
      () => ({ cookie: session.cookie, 'x-csrf-token': memberA.session!.csrfToken }),
    ],
    ['no csrf', () => ({ cookie: session.cookie })],
    ['malformed cookie', () => ({ cookie: `${cookieName}=%E0%A4%A; a=%zz` })],
    ['long cookie', () => ({ cookie: `${cookieName}=${'x'.repeat(8000)}` })],
    ['tampered user token', () => ({ authorization: `Bearer ${tamper(rng, jwt)}` })],
    [
      'resigned user token',
      () => ({
        authorization: `Bearer ${resignedJwt(jwt, { sub: '1', permissionLevel: 'admin', exp: 9e9 })}`,
      }),
    ],
    [
      'alg none',
      () => ({ authorization: `Bearer ${b64('{"alg":"none"}')}.${b64('{"sub":"1"}')}.` }),
    ],
    ['tampered api token', () => ({ authorization: `Bearer ${tamper(rng, adminA.apiToken!)}` })],
    ['revoked api token', () => ({ authorization: `Bearer ${fuzz.dead.revokedApiToken}` })],
    ['env secret as bearer', () => ({ authorization: `Bearer ${adminA.envSecret!}` })],
    ['api token as env secret', () => ({ 'forest-secret-key': adminA.apiToken! })],
    [
      'tampered env secret',
      () => ({
        'forest-secret-key': tamper(rng, adminA.envSecret!),
        'grove-secret-key': tamper(rng, adminA.envSecret!),
      }),
    ],
    [
      'user token, no env secret',
      () => ({ authorization: `Bearer ${jwt}`, 'forest-secret-key': '' }),
    ],
    ['basic', () => ({ authorization: `Basic ${b64('admin:admin')}` })],
  ];
  const [name, build] = rng.pick(variants);

  return [name, build()];
}

/** The headers a caller with real credentials sends to a route of this kind. */
function callerHeaders(
  rng: FuzzPrng,
  template: RouteTemplate,
  credentials: CallerCredentials,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const { session, userToken, deviceToken, apiToken, envSecret } = credentials;
  switch (template.auth) {
    case 'admin session':
      if (session) {
        headers.cookie = session.cookie;
        if (rng.chance(0.95)) headers['x-csrf-token'] = session.csrfToken;
      }
      break;
    case 'api token':
      if (apiToken) headers.authorization = `Bearer ${apiToken}`;
      break;
    case 'user token':
      if (userToken) headers.authorization = `Bearer ${userToken}`;
      break;
    case 'env secret and user token':
      if (userToken) headers.authorization = `Bearer ${userToken}`;
      if (envSecret)
        headers[rng.chance(0.5) ? 'forest-secret-key' : 'grove-secret-key'] = envSecret;
      break;
    case 'env secret and device token': {
      // The CLI's routes take the device-flow token; now and then the agent-login token, refused.
      const token = rng.chance(0.9) ? deviceToken : userToken;
      if (token) headers.authorization = `Bearer ${token}`;
      if (envSecret)
        headers[rng.chance(0.5) ? 'forest-secret-key' : 'grove-secret-key'] = envSecret;
      break;
    }
    case 'env secret':
      if (envSecret) headers['forest-secret-key'] = envSecret;
      break;
    case 'none':
      break;
  }

  return headers;
}

/** Tables a signed-in user may write by design through a family (activity logs, approvals, notes). */
const userWrites: Readonly<Record<string, readonly string[]>> = {
  approvals: ['ApprovalRequest', 'ActivityLog'],
  '/v1': ['Note', 'NoteMessage', 'ActivityLog'],
};

/**
 * What a request may change: Admin of A anything; Admin of B anything when it uses B's ids or
 * B's env secret, and else (like a member of A in A) only the rows of its own project's
 * environment in the tables its family writes by design; anyone else nothing. The webhook's real
 * signed URL is its own credential.
 */
function mayChangeOf(
  fuzz: FuzzPlatform,
  caller: FuzzCaller,
  family: string,
  template: RouteTemplate,
  sources: ReadonlySet<string>,
): FuzzRequest['mayChange'] {
  const envSecret = template.auth.startsWith('env secret');
  const webhook =
    template.path.includes(':signedId') && (caller === 'Admin of A' || sources.has('B'));
  if (caller === 'Admin of A' || webhook) return 'anything';
  if (caller === 'Admin of B' && (sources.has('B') || envSecret)) return 'anything';
  const own = caller === 'member of A' ? fuzz.a : caller === 'Admin of B' ? fuzz.b : undefined;
  const tables = own ? userWrites[family] : undefined;

  return own && tables
    ? tables.map(table => ({ table, environmentId: own.environmentId }))
    : 'nothing';
}

/**
 * The request number `index` of the run seeded by `seed`: each request has its own generator, so
 * `FUZZ_SEED=s FUZZ_REQUEST=i` rebuilds exactly the one that failed.
 *
 * @example
 * ```ts
 * const request = fuzzRequest(fuzz, 1, 41);
 * ```
 */
export function fuzzRequest(fuzz: FuzzPlatform, seed: number, index: number): FuzzRequest {
  const rng = createFuzzPrng((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const caller = rng.pick(callers);
  const family = rng.pick(weighted);
  const writer = caller === 'Admin of A' || caller === 'Admin of B';
  const signedIn = caller !== 'anonymous' && caller !== 'forged';
  const templates = family.templates.filter(
    t => !(writer && t.destructive) && !(signedIn && t.logsOut),
  );
  const template = rng.pick(templates);
  const sources = new Set<string>();
  const path = `${fillPath(rng, template.path, fuzz, caller, sources)}${queryOf(rng, template.query)}`;
  const tags: string[] = [];
  let headers: Record<string, string>;
  if (caller === 'forged') {
    const [name, forged] = forgedHeaders(rng, fuzz);
    tags.push(`forged: ${name}`);
    headers = forged;
  } else if (caller === 'anonymous') {
    headers = {
      ...rng.pick<Record<string, string>>([{}, { cookie: 'other=1' }, { authorization: 'Bearer' }]),
    };
  } else {
    const credentials =
      caller === 'Admin of A'
        ? fuzz.credentials.adminA
        : caller === 'Admin of B'
          ? fuzz.credentials.adminB
          : fuzz.credentials.memberA;
    headers = callerHeaders(rng, template, credentials);
  }
  if (rng.chance(0.05)) headers.origin = rng.pick(['https://evil.example', 'null']);
  if (rng.chance(0.05)) headers['x-forwarded-for'] = rng.pick(['not an ip', '10.0.0.1, ::1']);
  let body: string | Buffer | undefined;
  if (template.fields !== undefined || (template.method !== 'GET' && rng.chance(0.3))) {
    const generated = fuzzBody(rng, template.fields ?? [], sampler(rng, fuzz, sources));
    body = generated.body;
    if (generated.contentType) headers['content-type'] = generated.contentType;
    tags.push(`body: ${generated.kind}`);
  }
  tags.push(`ids: ${[...sources].sort().join('+') || 'none'}`);

  const mayChange = mayChangeOf(fuzz, caller, family.name, template, sources);

  return {
    family: family.name,
    caller,
    method: template.method,
    path,
    headers,
    body,
    mayChange,
    tags,
  };
}
