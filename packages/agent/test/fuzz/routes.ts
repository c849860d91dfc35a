import {
  deepJson,
  filterJson,
  KB,
  maxQueryBytes,
  MB,
  nastyString,
  nastyStrings,
  pathological,
  randomJson,
  repeatTo,
} from './generators';
import type { Prng } from './prng';

/** Who sends a request: the two roles, nobody, or someone with a broken or forged token. */
export type CallerKind = 'admin' | 'restricted' | 'anonymous' | 'forged';

/** One generated request (the runner adds the caller's credentials). */
export interface FuzzRequest {
  readonly family: string;
  readonly caller: CallerKind;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Path and query string, already encoded. */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** What is special about it (`large`, `deep`, `pathological`, …), for reports and exclusions. */
  readonly tags: readonly string[];
}

type ColumnKind = 'String' | 'Number' | 'Date' | 'Json' | 'Enum' | 'Array';

interface CollectionMeta {
  /** How many seeded records (ids 1..count); composite keys are `a|b`. */
  readonly count: number;
  readonly composite?: boolean;
  /** Served by the SQL data source (its required columns make a create fail when omitted). */
  readonly sql: boolean;
  readonly columns: Readonly<Record<string, ColumnKind>>;
  readonly required: readonly string[];
  readonly toOne: readonly string[];
  readonly toMany: readonly string[];
}

/** The fixture as the suite sees it (see fuzz-shop.ts and helpers/bookstore.ts). */
export const collections: Readonly<Record<string, CollectionMeta>> = {
  customers: {
    count: 6,
    sql: true,
    columns: { name: 'String', city: 'String', profile: 'Json' },
    required: ['name'],
    toOne: [],
    toMany: ['orders'],
  },
  orders: {
    count: 30,
    sql: true,
    columns: { amount: 'Number', status: 'String', placed_at: 'Date' },
    required: ['amount', 'status'],
    toOne: ['customer'],
    toMany: ['products'],
  },
  products: {
    count: 4,
    sql: true,
    columns: { label: 'String' },
    required: ['label'],
    toOne: [],
    toMany: ['orders'],
  },
  order_products: {
    count: 20,
    composite: true,
    sql: true,
    columns: { order_id: 'Number', product_id: 'Number' },
    required: ['order_id', 'product_id'],
    toOne: ['order', 'product'],
    toMany: [],
  },
  books: {
    count: 5,
    sql: false,
    columns: {
      title: 'String',
      price: 'Number',
      status: 'Enum',
      publishedAt: 'Date',
      notes: 'Array',
    },
    required: [],
    toOne: ['author'],
    toMany: ['reviews', 'tags'],
  },
  persons: {
    count: 3,
    sql: false,
    columns: { firstName: 'String', lastName: 'String' },
    required: [],
    toOne: ['passport'],
    toMany: ['books'],
  },
  reviews: {
    count: 3,
    sql: false,
    columns: { rating: 'Number' },
    required: [],
    toOne: ['book'],
    toMany: [],
  },
  bookTags: {
    count: 3,
    composite: true,
    sql: false,
    columns: { bookId: 'Number', tagId: 'Number' },
    required: ['bookId', 'tagId'],
    toOne: [],
    toMany: [],
  },
};

const names = Object.keys(collections);
const metaOf = (name: string): CollectionMeta => {
  const meta = collections[name];
  if (!meta) throw new Error(`unknown collection ${name}`);

  return meta;
};

/** Orders of customer 2 (the restricted role's scope): ids 2, 8, 14, 20, 26. */
const inScopeOrders = new Set(['2', '8', '14', '20', '26']);

/** Ids that exist in no collection and parse to no existing record. */
export function missingId(rng: Prng, composite = false): string {
  const plain = rng.pick([
    '999999',
    '-5',
    '0',
    'abc',
    '',
    '1|2|3',
    '99999999999999999999999',
    'NaN',
    'Infinity',
    '1.5',
    '__proto__',
    'constructor',
    '\u0000',
    '\ud83d\ude00',
    "1' OR '1'='1",
    '%',
    repeatTo('9', 400),
    repeatTo('|', 2000),
  ]);
  if (!composite) return plain;

  return rng.pick([plain, '999|999', '1|', '|1', '1||1', '1|2|3', '999|1', `${plain}|${plain}`]);
}

function existingId(rng: Prng, name: string): string {
  const meta = metaOf(name);
  const index = rng.int(1, meta.count);
  if (!meta.composite) return String(index);
  if (name === 'order_products') return `${index}|${((index - 1) % 4) + 1}`;

  return rng.pick(['1|1', '1|2', '2|1']);
}

function anyId(rng: Prng, name: string): string {
  return rng.chance(0.6) ? existingId(rng, name) : missingId(rng, metaOf(name).composite);
}

/** encodeURIComponent, with lone surrogates sent as the invalid UTF-8 they would be. */
function enc(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    const wellFormed = text.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    );

    return encodeURIComponent(wellFormed).replace(/%EF%BF%BD/g, '%ED%A0%80');
  }
}

/** `timezone` most of the time (often valid), plus hostile extra parameters. */
function queryString(rng: Prng, name: string, extra: Array<[string, string]> = []): string {
  const budget = rng.chance(0.1) ? maxQueryBytes : 2 * KB;
  const params: Array<[string, string]> = [];
  if (rng.chance(0.85)) {
    params.push([
      'timezone',
      rng.chance(0.6) ? rng.pick(['Europe/Paris', 'UTC']) : nastyString(rng, 256),
    ]);
  }
  const pool: Array<() => [string, string]> = [
    () => ['filters', filterJson(rng, budget)],
    () => [
      'sort',
      rng.pick([
        'id',
        '-id',
        'amount',
        '-customer.name',
        'nope',
        '',
        '--id',
        'customer:name',
        '__proto__',
        nastyString(rng, 512),
      ]),
    ],
    () => ['search', rng.chance(0.3) ? pathological(rng, budget) : nastyString(rng, budget)],
    () => ['searchExtended', rng.pick(['1', 'true', 'yes', '', nastyString(rng, 64)])],
    () => [
      'page[number]',
      rng.pick(['1', '0', '-1', '99999999999999999999999', '1e308', 'abc', '1.5', '']),
    ],
    () => [
      'page[size]',
      rng.pick(['15', '0', '-1', '99999999999999999999999', '100000000', '1e9', 'abc', '']),
    ],
    () => [
      `fields[${rng.pick([name, 'customer', 'author', 'nope', '__proto__'])}]`,
      rng.pick([
        'id',
        'id,name',
        'customer',
        'nope',
        '',
        ',,,',
        '__proto__',
        nastyString(rng, 256),
      ]),
    ],
    () => ['segment', rng.pick(['big', 'nope', '', '__proto__', nastyString(rng, 256)])],
    () => ['segmentQuery', sqlText(rng, budget)],
    () => ['connectionName', rng.pick(['main', 'nope', '', '__proto__'])],
    () => ['header', rng.pick(['Id,Amount', '', nastyString(rng, 512)])],
    () => ['filename', nastyString(rng, 256)],
    () => ['ids', rng.pick(['1', '1,2', missingId(rng), nastyString(rng, 256)])],
    () => [rng.pick(nastyStrings), nastyString(rng, 256)],
    () => ['__proto__[polluted]', '1'],
    () => ['constructor[prototype][polluted]', '1'],
  ];
  for (let i = rng.int(0, 4); i > 0; i -= 1) params.push(rng.pick(pool)());
  params.push(...extra);
  let text = params.map(([key, value]) => `${enc(key)}=${enc(value)}`).join('&');
  if (rng.chance(0.05))
    text += rng.pick(['&%E0%A4%A', '&%zz=1', '&a[b][c][d][e][f]=1', '&&&', '&=']);

  return text;
}

/** SQL-ish text: read queries, the issue's write attacks, and pathological lexer inputs. */
export function sqlText(rng: Prng, bytes: number): string {
  return rng.pick([
    () => 'SELECT id FROM orders WHERE amount > 10',
    () => 'SELECT COUNT(*) AS value FROM orders',
    () => "WITH x AS (SELECT '\\') DELETE FROM orders WHERE id > 0 RETURNING 1 AS value -- ')",
    () => 'DELETE FROM orders RETURNING id',
    () => 'UPDATE customers SET name = name || 1 RETURNING id AS value',
    () => 'SELECT 1 AS value; DELETE FROM orders',
    () => "SELECT $t$ ' $t$ AS value; DELETE FROM orders; --",
    () => 'INSERT INTO products (label) VALUES (1) RETURNING id AS value',
    () => 'CREATE TABLE fuzz_pwned AS SELECT 1 AS value',
    () => 'PRAGMA query_only = 0',
    () => "ATTACH DATABASE '/tmp/fuzz-pwned.sqlite' AS pwned",
    () => 'SELECT id FROM orders WHERE customer_id = {{currentUser.id}}',
    () => 'SELECT {{ currentUser.email }} AS value',
    () => 'SELECT * INTO fuzz_copy FROM orders',
    () => pathological(rng, bytes),
    () => `SELECT 1 AS value /* ${pathological(rng, Math.max(16, bytes - 32))} */`,
    () => nastyString(rng, bytes),
  ])();
}

/** A value of the wrong type for a column (never a valid one). */
function wrongValue(rng: Prng, kind: ColumnKind): string {
  const structural = [
    '{"a":1}',
    '[1,2]',
    deepJson(rng.int(100, 10_000), 'array'),
    deepJson(rng.int(100, 10_000), 'object'),
    '{"__proto__":{"polluted":1}}',
  ];
  if (kind === 'Json') return rng.pick(structural.slice(2, 4));
  if (kind === 'Number') return rng.pick([...structural, '"not a number"', '"1e999"', 'true']);
  if (kind === 'Date') return rng.pick([...structural, '"2024-13-45"', '"yesterday"', 'true']);
  if (kind === 'Enum') return rng.pick([...structural, '"nope"', '1']);
  if (kind === 'Array') return rng.pick(['"nope"', '1', '{"a":1}', '[1,2]', '[{"text":{"a":1}}]']);

  return rng.pick(structural);
}

/** A plausible value (may be written when nothing else in the request fails). */
function validValue(rng: Prng, kind: ColumnKind): string {
  if (kind === 'Number') return rng.pick(['1', '42', '-3']);
  if (kind === 'Date') return '"2024-01-01T00:00:00.000Z"';
  if (kind === 'Json') return '{"vip":true}';
  if (kind === 'Enum') return '"live"';
  if (kind === 'Array') return '[{"text":"x"}]';

  return JSON.stringify(nastyString(rng, rng.chance(0.1) ? 1 * MB - 64 : 256));
}

/**
 * `attributes` as JSON text. `valid: false` writes only entries that must fail: at least one
 * wrong-typed column (and, on SQL collections, a required column left out on create), relation
 * names carrying nested objects, unknown fields, prototype keys.
 */
function attributes(rng: Prng, name: string, valid: boolean, creating: boolean): string {
  const meta = metaOf(name);
  const columns = Object.keys(meta.columns);
  const entries: string[] = [];
  const column = rng.pick(columns);
  // A wrong-typed column: the whole write must be refused. Json columns accept anything, so they
  // are never the one wrong column.
  const typed = columns.filter(c => meta.columns[c] !== 'Json');
  const wrong = rng.pick(typed.length ? typed : columns);
  entries.push(`${JSON.stringify(wrong)}:${wrongValue(rng, meta.columns[wrong] ?? 'String')}`);
  if (valid && rng.chance(0.7)) {
    entries.length = 0;
    entries.push(`${JSON.stringify(column)}:${validValue(rng, meta.columns[column] ?? 'String')}`);
  }
  for (let i = rng.int(0, 3); i > 0; i -= 1) {
    const relation = rng.pick([...meta.toOne, ...meta.toMany, 'nope']);
    entries.push(
      rng.pick([
        () =>
          `${JSON.stringify(relation)}:{"name":"nested","label":"nested","amount":1,"status":"x","firstName":"x"}`,
        () => `${JSON.stringify(relation)}:[{"name":"nested"},{"id":1}]`,
        () => `${JSON.stringify(relation)}:${randomJson(rng, 3)}`,
        () => `"__proto__":{"polluted":true}`,
        () => `"constructor":{"prototype":{"polluted":true}}`,
        () => `${JSON.stringify(nastyString(rng, 256))}:${randomJson(rng, 2)}`,
        () => `"id":${rng.pick(['"abc"', '{"a":1}', '[1]', '-1'])}`,
      ])(),
    );
  }
  if (!valid && creating && meta.sql) {
    // A required column left out: the insert cannot succeed.
    const skip = new Set(meta.required);
    const kept = entries.filter(
      entry => ![...skip].some(key => entry.startsWith(`${JSON.stringify(key)}:`)),
    );
    if (kept.length === 0) kept.push('"nope":1');

    return `{${kept.join(',')}}`;
  }

  return `{${entries.join(',')}}`;
}

/** A JSON:API document around `attributes`, or something broken instead. */
function recordBody(rng: Prng, name: string, attrs: string): string {
  return rng.pick([
    () => `{"data":{"type":${JSON.stringify(name)},"attributes":${attrs}}}`,
    () =>
      `{"data":{"type":${JSON.stringify(name)},"attributes":${attrs},"relationships":{"customer":{"data":{"type":"customers","id":${JSON.stringify(missingId(rng))}}}}}}`,
    () => `{"data":{"attributes":${attrs}},"__proto__":{"polluted":true}}`,
    () => brokenBody(rng),
  ])();
}

/** Bodies that are not what the route expects: malformed, deep, huge, wrong types. */
export function brokenBody(rng: Prng): string {
  return rng.pick([
    () => '{',
    () => '{"data":',
    () => 'not json',
    () => '\u0000\u0001\u0002',
    () => 'null',
    () => '[]',
    () => '"string"',
    () => '1',
    () => '{"data":null}',
    () => '{"data":[]}',
    () => '{"data":"x"}',
    () => '{"data":{"attributes":null}}',
    () => '{"data":{"attributes":[]}}',
    () => `{"data":${deepJson(rng.int(1000, 10_000), 'array')}}`,
    () => `{"data":${deepJson(rng.int(1000, 10_000), 'object')}}`,
    () => deepJson(10_000, rng.pick(['array', 'object'] as const)),
    () => `{"data":{"attributes":{"x":${JSON.stringify(repeatTo('x', MB - 64))}}}}`,
    () => `[${Array.from({ length: 20_000 }, () => '{}').join(',')}]`,
    () => `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`,
    () => randomJson(rng, 4),
  ])();
}

function idList(rng: Prng, name: string, safe: boolean): string[] {
  const composite = metaOf(name).composite;

  return Array.from({ length: rng.int(0, 4) }, () =>
    safe ? missingId(rng, composite) : anyId(rng, name),
  );
}

/** The body of a bulk delete or an action execution (`all_records…` included). */
function selectionBody(
  rng: Prng,
  name: string,
  type: string,
  safe: boolean,
  values = '{}',
): string {
  const ids = JSON.stringify(idList(rng, name, safe));
  const allRecords = safe
    ? rng.pick(['false', '"false"', '{}', '"yes"', 'null', '0'])
    : rng.pick(['true', 'false', '"true"', '1', '[]']);
  const subset = rng.pick([
    () => '{}',
    () => `{"filters":${JSON.stringify(filterJson(rng, 64 * KB))}}`,
    () => `{"search":${JSON.stringify(pathological(rng, rng.chance(0.5) ? 64 * KB : MB))}}`,
    () => `{"search":${JSON.stringify(nastyString(rng, 4 * KB))},"searchExtended":true}`,
    () => `{"segmentQuery":${JSON.stringify(sqlText(rng, 64 * KB))},"connectionName":"main"}`,
    () => `{"segment":${JSON.stringify(nastyString(rng, 256))}}`,
    () => randomJson(rng, 3),
  ])();

  return rng.chance(0.15)
    ? brokenBody(rng)
    : `{"data":{"type":${JSON.stringify(type)},"attributes":{"collection_name":${JSON.stringify(rng.chance(0.8) ? name : nastyString(rng, 64))},"ids":${ids},"values":${values},"all_records":${allRecords},"all_records_ids_excluded":${JSON.stringify(idList(rng, name, false))},"all_records_subset_query":${subset},"parent_collection_name":${rng.chance(0.2) ? '"customers"' : 'null'},"parent_collection_id":${rng.chance(0.2) ? JSON.stringify(missingId(rng)) : 'null'},"parent_association_name":${rng.chance(0.2) ? '"orders"' : 'null'},"smart_action_id":${JSON.stringify(nastyString(rng, 64))}}}}`;
}

/** An id of a record the caller may legitimately change (so only invalid changes may be sent). */
function writable(caller: CallerKind, name: string, id: string): boolean {
  if (caller === 'admin') return true;
  if (caller !== 'restricted') return false;
  if (name === 'books') return true;

  return name === 'orders' && inScopeOrders.has(id);
}

/** Only the restricted role on `orders` and `books` and the admin may edit. */
const mayEdit = (caller: CallerKind, name: string) =>
  caller === 'admin' || (caller === 'restricted' && ['orders', 'books'].includes(name));

interface Family {
  readonly name: string;
  /** How often, relative to the others. */
  readonly weight: number;
  build(
    rng: Prng,
    caller: CallerKind,
  ): Omit<FuzzRequest, 'family' | 'caller' | 'headers' | 'tags'> & { tags?: string[] };
}

const json = (body: string) => ({ body });

export const families: readonly Family[] = [
  {
    // Inputs up to the size limits, where a quadratic or backtracking parser takes minutes.
    name: 'oversized',
    weight: 4,
    build: rng => {
      const kind = rng.int(0, 9);
      const body = pathological(rng, MB, kind);
      const query = pathological(rng, maxQueryBytes - 512, kind);
      const like = `${repeatTo('%a', maxQueryBytes / 3)}%b`;

      return rng.pick([
        () => ({
          method: 'POST' as const,
          path: '/forest/_internal/native_query',
          body: JSON.stringify({ type: 'Value', query: body, connectionName: 'main' }),
        }),
        () => ({
          method: 'GET' as const,
          path: `/forest/${rng.pick(['books', 'customers', 'orders'])}?timezone=UTC&search=${enc(query)}`,
        }),
        () => ({
          method: 'GET' as const,
          path: `/forest/${rng.pick(['books/count', 'customers/count'])}?timezone=UTC&filters=${enc(JSON.stringify({ field: rng.pick(['title', 'name']), operator: rng.pick(['Like', 'ILike', 'Contains']), value: like }))}`,
        }),
        () => ({
          method: 'GET' as const,
          path: `/forest/orders/count?timezone=UTC&connectionName=main&segmentQuery=${enc(query)}`,
        }),
        () => ({
          method: 'POST' as const,
          path: '/forest/stats/books?timezone=UTC',
          body: `{"type":"Value","sourceCollectionName":"books","aggregator":"Count","filter":${rng.pick([deepJson(10_000, 'tree'), JSON.stringify({ field: 'title', operator: 'Like', value: `${repeatTo('%a', MB / 2)}%b` })])}}`,
        }),
        () => ({
          method: 'POST' as const,
          path: `/forest/_actions/books/0/mark-books?timezone=UTC`,
          body: `{"data":{"type":"custom-action-requests","attributes":{"collection_name":"books","ids":[],"values":{},"all_records":true,"all_records_ids_excluded":[],"all_records_subset_query":{"search":${JSON.stringify(body)}}}}}`,
        }),
        () => ({
          method: 'POST' as const,
          path: `/forest/_actions/orders/0/refund-order/hooks/search?timezone=UTC`,
          body: `{"data":{"type":"custom-action-hook-requests","attributes":{"collection_name":"orders","ids":["2"],"fields":[],"searchValue":${JSON.stringify(body)},"searchedFieldName":"Carrier"}}}`,
        }),
        () => ({
          method: 'POST' as const,
          path: `/forest/${rng.pick(['orders', 'authentication'])}?timezone=UTC`,
          body: `{"data":{"attributes":{"x":${JSON.stringify(repeatTo('x', 20 * MB))}}}}`,
        }),
      ])();
    },
  },
  {
    name: 'health',
    weight: 1,
    build: rng => ({
      method: 'GET',
      path: rng.pick(['/forest', '/forest/', `/forest?${queryString(rng, 'orders')}`]),
    }),
  },
  {
    name: 'unknown path',
    weight: 2,
    build: rng => ({
      method: rng.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const),
      path: rng.pick([
        () => `/forest/${enc(nastyString(rng, 2 * KB))}`,
        () => `/forest/a/b/c/d/e/f/g`,
        () => `/forest/${'../'.repeat(20)}etc/passwd`,
        () => `/forest/${enc('__proto__')}/${enc('constructor')}`,
        () => `/forest/orders/1/relationships/nope/${enc(nastyString(rng, 64))}/x`,
        () => `/forest/_internal/${enc(nastyString(rng, 64))}`,
        () => `/forest/%E0%A4%A`,
        () => `/forest/${repeatTo('a/', maxQueryBytes)}`,
        () => `/${enc(nastyString(rng, 64))}`,
      ])(),
      body: rng.chance(0.3) ? brokenBody(rng) : undefined,
    }),
  },
  {
    name: 'authentication',
    weight: 2,
    build: rng =>
      rng.chance(0.5)
        ? {
            method: 'POST',
            path: '/forest/authentication',
            body: rng.chance(0.5) ? `{"renderingId":${randomJson(rng, 2)}}` : brokenBody(rng),
          }
        : {
            method: 'GET',
            path: `/forest/authentication/callback?code=${enc(rng.pick(['good-code', 'bad', nastyString(rng, 2 * KB)]))}&state=${enc(rng.pick(['{"renderingId":1}', '{"renderingId":403}', '{', '{"renderingId":{"a":1}}', deepJson(2000, 'object'), nastyString(rng, 2 * KB)]))}`,
          },
  },
  {
    name: 'capabilities',
    weight: 1,
    build: rng => ({
      method: 'POST',
      path: `/forest/_internal/capabilities?${queryString(rng, 'orders')}`,
      body: rng.chance(0.5) ? `{"collectionNames":${randomJson(rng, 3)}}` : brokenBody(rng),
    }),
  },
  {
    name: 'scope invalidation',
    weight: 1,
    build: rng => ({
      method: 'POST',
      path: '/forest/scope-cache-invalidation',
      body: rng.chance(0.5) ? `{"renderingId":${randomJson(rng, 2)}}` : brokenBody(rng),
    }),
  },
  {
    name: 'list',
    weight: 6,
    build: rng => {
      const c = rng.pick(names);
      return { method: 'GET', path: `/forest/${enc(c)}?${queryString(rng, c)}` };
    },
  },
  {
    name: 'count',
    weight: 3,
    build: rng => {
      const c = rng.pick(names);
      return { method: 'GET', path: `/forest/${enc(c)}/count?${queryString(rng, c)}` };
    },
  },
  {
    name: 'get',
    weight: 3,
    build: rng => {
      const c = rng.pick(names);
      return {
        method: 'GET',
        path: `/forest/${enc(c)}/${enc(anyId(rng, c))}?${queryString(rng, c)}`,
      };
    },
  },
  {
    name: 'csv',
    weight: 3,
    build: rng => {
      const c = rng.pick(names);
      return {
        method: 'GET',
        path: `/forest/${enc(c)}.csv?${queryString(rng, c, [
          ['header', 'a,b'],
          ['filename', 'x.csv'],
        ])}`,
      };
    },
  },
  {
    name: 'create',
    weight: 5,
    build: (rng, caller) => {
      const c = rng.pick(names);
      // Only the admin may add: everyone else may send anything, the admin only invalid records.
      const valid = caller !== 'admin';

      return {
        method: 'POST',
        path: `/forest/${enc(c)}?${queryString(rng, c)}`,
        ...json(recordBody(rng, c, attributes(rng, c, valid, true))),
      };
    },
  },
  {
    name: 'update',
    weight: 6,
    build: (rng, caller) => {
      const c = rng.pick(names);
      const id = rng.chance(0.3) ? missingId(rng, metaOf(c).composite) : existingId(rng, c);
      const valid = !(mayEdit(caller, c) && writable(caller, c, id));

      return {
        method: 'PUT',
        path: `/forest/${enc(c)}/${enc(id)}?${queryString(rng, c)}`,
        ...json(recordBody(rng, c, attributes(rng, c, valid, false))),
      };
    },
  },
  {
    name: 'delete',
    weight: 3,
    build: (rng, caller) => {
      const c = rng.pick(names);
      const id = caller === 'admin' ? missingId(rng, metaOf(c).composite) : anyId(rng, c);

      return { method: 'DELETE', path: `/forest/${enc(c)}/${enc(id)}?${queryString(rng, c)}` };
    },
  },
  {
    name: 'bulk delete',
    weight: 4,
    build: (rng, caller) => {
      const c = rng.pick(names);

      return {
        method: 'DELETE',
        path: `/forest/${enc(c)}?${queryString(rng, c)}`,
        body: selectionBody(rng, c, 'action-requests', caller === 'admin'),
      };
    },
  },
  {
    name: 'array item',
    weight: 2,
    build: (rng, caller) => {
      const id =
        caller === 'admin' || caller === 'restricted'
          ? rng.pick([existingId(rng, 'books'), missingId(rng)])
          : anyId(rng, 'books');
      // Editors (admin, restricted on books) only send items that are not a valid note.
      const item = mayEdit(caller, 'books')
        ? rng.pick(['"plain string"', '1', '[1]', '{"text":{"a":1}}', deepJson(5000, 'object')])
        : randomJson(rng, 3);
      const field = rng.pick(['notes', 'notes', 'title', 'author', 'nope', '__proto__']);

      return {
        method: 'PUT',
        path: `/forest/books/${enc(id)}/relationships/${enc(field)}/${rng.pick(['0', '1', '5', '99999999999999999999999', '4294967296', '00'])}?${queryString(rng, 'books')}`,
        body: rng.chance(0.8) ? `{"data":{"attributes":${item}}}` : brokenBody(rng),
      };
    },
  },
  ...(['list', 'count', 'csv'] as const).map(kind => ({
    name: `related ${kind}`,
    weight: 3,
    build: (rng: Prng) => {
      const c = rng.pick(names);
      const relation = rng.pick([...metaOf(c).toMany, ...metaOf(c).toOne, 'nope', '__proto__']);
      const suffix = kind === 'count' ? '/count' : kind === 'csv' ? '.csv' : '';

      return {
        method: 'GET' as const,
        path: `/forest/${enc(c)}/${enc(anyId(rng, c))}/relationships/${enc(relation)}${suffix}?${queryString(
          rng,
          relation,
          kind === 'csv'
            ? [
                ['header', 'a'],
                ['filename', 'x.csv'],
              ]
            : [],
        )}`,
      };
    },
  })),
  {
    name: 'associate',
    weight: 3,
    build: (rng, caller) => {
      const c = rng.pick(names);
      const parent = anyId(rng, c);
      // A legitimate editor only sends targets that do not exist.
      const safe = mayEdit(caller, c) && writable(caller, c, parent);
      const targets = Array.from({ length: rng.int(0, 3) }, () =>
        safe ? missingId(rng) : anyId(rng, 'orders'),
      );

      return {
        method: 'POST',
        path: `/forest/${enc(c)}/${enc(parent)}/relationships/${enc(rng.pick([...metaOf(c).toMany, ...metaOf(c).toOne, 'nope']))}?${queryString(rng, c)}`,
        body: rng.chance(0.8)
          ? `{"data":[${targets.map(id => `{"id":${JSON.stringify(id)},"type":"x"}`).join(',')}]}`
          : brokenBody(rng),
      };
    },
  },
  {
    name: 'dissociate',
    weight: 3,
    build: (rng, caller) => {
      const c = rng.pick(names);
      const parent = anyId(rng, c);
      const safe = mayEdit(caller, c) && writable(caller, c, parent);
      const targets = Array.from({ length: rng.int(0, 3) }, () =>
        safe ? missingId(rng) : anyId(rng, 'orders'),
      );
      const extra: Array<[string, string]> = rng.chance(0.5)
        ? [['delete', rng.pick(['true', '1', 'false', 'nope'])]]
        : [];

      return {
        method: 'DELETE',
        path: `/forest/${enc(c)}/${enc(parent)}/relationships/${enc(rng.pick([...metaOf(c).toMany, 'nope']))}?${queryString(rng, c, extra)}`,
        body: rng.chance(0.5)
          ? selectionBody(rng, c, 'action-requests', safe)
          : `{"data":[${targets.map(id => `{"id":${JSON.stringify(id)}}`).join(',')}]}`,
      };
    },
  },
  {
    name: 'set to-one',
    weight: 3,
    build: (rng, caller) => {
      const c = rng.pick(['orders', 'order_products', 'books', 'persons', 'reviews']);
      const parent = anyId(rng, c);
      const safe = mayEdit(caller, c) && writable(caller, c, parent);
      const relation = rng.pick([...metaOf(c).toOne, 'nope']);
      const data = safe
        ? rng.pick([
            `{"id":${JSON.stringify(missingId(rng))},"type":"x"}`,
            '"x"',
            '[]',
            '{"id":{"a":1}}',
            deepJson(3000, 'object'),
          ])
        : rng.pick([
            `{"id":${JSON.stringify(anyId(rng, 'customers'))},"type":"customers"}`,
            'null',
            randomJson(rng, 2),
          ]);

      return {
        method: 'PUT',
        path: `/forest/${enc(c)}/${enc(parent)}/relationships/${enc(relation)}?${queryString(rng, c)}`,
        body: `{"data":${data}}`,
      };
    },
  },
  ...(['', '/hooks/load', '/hooks/change', '/hooks/search'] as const).map(hook => ({
    name: `action${hook ? ` ${hook.slice(7)} hook` : ' execute'}`,
    weight: 2,
    build: (rng: Prng) => {
      const [c, endpoint] = rng.pick([
        ['orders', '0/refund-order'],
        ['orders', '1/tag-orders'],
        ['orders', '2/send-report'],
        ['books', '0/mark-books'],
        ['orders', '9/nope'],
        ['orders', `${enc(nastyString(rng, 64))}/refund-order`],
      ] as const);
      const fields = `[{"field":"Amount","type":"Number","value":${randomJson(rng, 2)}},{"field":"Reason","type":"Enum","value":${JSON.stringify(nastyString(rng, 256))}},{"field":"Carrier","type":"String","value":${JSON.stringify(nastyString(rng, 4 * KB))}},{"field":"__proto__","value":1}]`;
      const values = `{"Amount":${randomJson(rng, 2)},"Reason":${JSON.stringify(nastyString(rng, 256))},"__proto__":{"polluted":true}}`;
      let body = selectionBody(
        rng,
        c,
        hook ? 'custom-action-hook-requests' : 'custom-action-requests',
        false,
        values,
      );
      if (hook && body.includes('"attributes":{')) {
        body = body.replace(
          '"attributes":{',
          `"attributes":{"fields":${rng.chance(0.1) ? deepJson(5000, 'array') : fields},"changedField":${JSON.stringify(rng.pick(['Reason', 'Amount', 'nope', '__proto__']))},"searchValue":${JSON.stringify(rng.chance(0.3) ? pathological(rng, MB) : nastyString(rng, 4 * KB))},"searchedFieldName":"Carrier",`,
        );
      }

      return {
        method: 'POST' as const,
        path: `/forest/_actions/${c}/${endpoint}${hook}?${queryString(rng, c)}`,
        body,
      };
    },
  })),
  {
    name: 'stats',
    weight: 5,
    build: rng => {
      const c = rng.pick([...names, 'nope']);
      const type = rng.pick([
        'Value',
        'Objective',
        'Pie',
        'Line',
        'Leaderboard',
        'Smart',
        'nope',
        '__proto__',
      ]);
      const body = rng.chance(0.8)
        ? `{"type":${JSON.stringify(type)},"sourceCollectionName":${JSON.stringify(rng.chance(0.8) ? c : nastyString(rng, 64))},"aggregator":${JSON.stringify(rng.pick(['Count', 'Sum', 'Avg', 'Max', 'nope']))},"aggregateFieldName":${JSON.stringify(rng.pick(['amount', 'id', 'name', 'nope', 'customer:name']))},"groupByFieldName":${JSON.stringify(rng.pick(['status', 'customer', 'placed_at', 'nope', 'products', 'profile']))},"timeRange":${JSON.stringify(rng.pick(['Day', 'Week', 'Month', 'Year', 'nope']))},"labelFieldName":${JSON.stringify(rng.pick(['name', 'nope']))},"relationshipFieldName":${JSON.stringify(rng.pick(['orders', 'products', 'nope']))},"limit":${rng.pick(['10', '-1', '99999999999999999999999', '"x"', 'null'])},"filter":${rng.chance(0.5) ? JSON.stringify(filterJson(rng, 256 * KB)) : filterJson(rng, 256 * KB)},"contextVariables":${randomJson(rng, 3)}}`
        : brokenBody(rng);

      return { method: 'POST', path: `/forest/stats/${enc(c)}?${queryString(rng, c)}`, body };
    },
  },
  {
    name: 'native query',
    weight: 5,
    build: rng => {
      const big = rng.chance(0.2);
      const query = sqlText(rng, big ? MB : 2 * KB);
      const body = rng.chance(0.85)
        ? `{"type":${JSON.stringify(rng.pick(['Value', 'Pie', 'Line', 'Leaderboard', 'Objective', 'Smart', 'nope']))},"query":${JSON.stringify(query)},"connectionName":${JSON.stringify(rng.pick(['main', 'main', 'nope', '']))},"contextVariables":${rng.pick(['{}', '{"currentUser.id":"1 OR 1=1"}', '{"currentUser":{"id":"x"}}', randomJson(rng, 3)])}}`
        : brokenBody(rng);

      return {
        method: 'POST',
        path: `/forest/_internal/native_query?${queryString(rng, 'orders')}`,
        body,
        tags: big ? ['large'] : [],
      };
    },
  },
  {
    name: 'api chart',
    weight: 2,
    build: rng => {
      const path = rng.pick([
        '/forest/_charts/mrr',
        '/forest/_charts/orders/margin',
        '/forest/_charts/nope',
        `/forest/_charts/${enc(nastyString(rng, 256))}`,
        `/forest/_charts/orders/${enc(nastyString(rng, 64))}`,
      ]);
      const extra: Array<[string, string]> = [
        ['record_id', rng.pick(['1', missingId(rng), nastyString(rng, 256)])],
      ];

      return {
        method: rng.pick(['GET', 'POST'] as const),
        path: `${path}?${queryString(rng, 'orders', extra)}`,
        body: rng.chance(0.5) ? brokenBody(rng) : undefined,
      };
    },
  },
];
