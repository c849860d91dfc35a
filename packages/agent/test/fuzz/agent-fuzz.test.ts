import { startFuzzAgent } from './fuzz-agent';
import type { FuzzAgent } from './fuzz-agent';
import { fuzzRequest } from './fuzz-request';
import { knownFailureOf, knownFailures } from './known-failures';
import type { Invariant, KnownFailure } from './known-failures';
import type { FuzzRequest } from './routes';
import { send } from './send';
import type { Observed } from './send';

/**
 * The fuzz suite of issue 12: a few thousand seeded, malformed or unauthorised requests over every
 * route family of a running agent (SQLite + in-memory data sources, an admin and a restricted
 * role), each checked for: a status under 500, an answer at all, a duration of at most 2 s (a
 * generous bound against quadratic parsers, not a speed test), a health check answering after it,
 * no prototype pollution, and the database unchanged (no request of the run may write).
 *
 * FUZZ_SEED (default below) changes the run, FUZZ_REQUESTS its length, FUZZ_REQUEST=i sends only
 * request i (as printed on failure), FUZZ_VERBOSE=1 prints every request.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_261_123);
const total = Number(process.env.FUZZ_REQUESTS ?? 3000);
const only = process.env.FUZZ_REQUEST === undefined ? undefined : Number(process.env.FUZZ_REQUEST);
const verbose = process.env.FUZZ_VERBOSE === '1';
/** The one timing bound the issue allows: generous, so a loaded machine does not flake it. */
const maxMs = 2000;

interface Failure {
  readonly index: number;
  readonly request: FuzzRequest;
  readonly invariant: Invariant;
  readonly detail: string;
  readonly known?: KnownFailure;
}

const clip = (text: string, length = 240) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

function describeRequest(index: number, request: FuzzRequest): string {
  const headers = Object.entries(request.headers)
    .map(([key, value]) => `${key}: ${clip(value, 80)}`)
    .join('; ');

  return [
    `#${index} [${request.family}] as ${request.caller}: ${request.method} ${clip(request.path)}`,
    `  headers: ${headers || '(none)'}`,
    request.body === undefined ? '  no body' : `  body: ${clip(request.body)}`,
    request.tags.length ? `  tags: ${request.tags.join(', ')}` : '',
    `  reproduce: FUZZ_SEED=${seed} FUZZ_REQUEST=${index} npx jest test/fuzz`,
  ]
    .filter(Boolean)
    .join('\n');
}

function diffTables(before: Record<string, unknown[]>, after: Record<string, unknown[]>): string {
  const lines: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set((before[table] ?? []).map(row => JSON.stringify(row)));
    const now = new Set((after[table] ?? []).map(row => JSON.stringify(row)));
    const gone = [...was].filter(row => !now.has(row));
    const added = [...now].filter(row => !was.has(row));
    if (gone.length || added.length) {
      lines.push(
        `${table}: -${gone.length} +${added.length} (e.g. -${clip(gone[0] ?? '', 120)} +${clip(added[0] ?? '', 120)})`,
      );
    }
  }

  return lines.join('; ') || 'content equal, data version moved';
}

describe('agent fuzz suite (issue 12)', () => {
  let fuzz: FuzzAgent;

  beforeAll(async () => {
    fuzz = await startFuzzAgent();
  });
  afterAll(() => fuzz.stop());

  it('the fixture is meaningful: roles, scopes and rights apply before fuzzing', async () => {
    const { url } = fuzz.test;
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const tz = 'timezone=UTC';
    const adminCount = await send(url, 'GET', `/forest/orders/count?${tz}`, as(fuzz.tokens.admin));
    const scopedCount = await send(
      url,
      'GET',
      `/forest/orders/count?${tz}`,
      as(fuzz.tokens.restricted),
    );
    const deniedDelete = await send(
      url,
      'DELETE',
      `/forest/customers/1?${tz}`,
      as(fuzz.tokens.restricted),
    );
    const anonymous = await send(url, 'GET', `/forest/orders?${tz}`, {});

    expect([adminCount.excerpt, scopedCount.excerpt]).toEqual(['{"count":30}', '{"count":5}']);
    expect([deniedDelete.status, anonymous.status]).toEqual([403, 401]);
  });

  it(
    `answers ${total} malformed or unauthorised requests (seed ${seed}) within every invariant`,
    async () => {
      const { url } = fuzz.test;
      const failures: Failure[] = [];
      const excluded = new Map<KnownFailure, number>();
      const statuses = new Map<string, number>();
      const slowest: Array<{ index: number; ms: number; family: string }> = [];
      const crashes: unknown[] = [];
      const onCrash = (error: unknown) => crashes.push(error);
      process.on('uncaughtException', onCrash);
      process.on('unhandledRejection', onCrash);
      let baseline = await fuzz.shop.checksum();
      let version = await fuzz.shop.dataVersion();
      let memory = await fuzz.memoryChecksum();
      const started = performance.now();
      let sent = 0;

      const fail = (index: number, request: FuzzRequest, invariant: Invariant, detail: string) => {
        failures.push({
          index,
          request,
          invariant,
          detail,
          known: knownFailureOf(request, { invariant, detail }),
        });
      };

      const indexes = only === undefined ? Array.from({ length: total }, (_, i) => i) : [only];
      for (const index of indexes) {
        const request = fuzzRequest(seed, index, fuzz.tokens);
        const exclusion = knownFailureOf(request);
        if (exclusion) {
          excluded.set(exclusion, (excluded.get(exclusion) ?? 0) + 1);
          continue;
        }
        sent += 1;
        const before = crashes.length;
        const logged = fuzz.test.logs.length;
        const observed: Observed = await send(
          url,
          request.method,
          request.path,
          request.headers,
          request.body,
        );
        const key = `${request.family} ${observed.status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        slowest.push({ index, ms: observed.ms, family: request.family });
        if (verbose)
          console.log(
            `#${index} ${observed.status} ${observed.ms}ms ${request.family} ${request.caller}`,
          );

        if (observed.error) fail(index, request, 'answered', observed.error);
        else if (observed.status >= 500) {
          const cause = fuzz.test.logs
            .slice(logged)
            .filter(log => log.level === 'Error')
            .map(
              log =>
                `${log.message.replace(/^.* failed/, 'failed')} ${log.error instanceof Error ? log.error.message : ''}`,
            )
            .join(' | ');
          fail(
            index,
            request,
            'status < 500',
            `${observed.status}: ${clip(cause || observed.excerpt, 300)}`,
          );
        }
        if (observed.ms > maxMs) fail(index, request, 'duration <= 2 s', `${observed.ms} ms`);
        const health = await send(url, 'GET', '/forest', {}, undefined, 10_000);
        if (health.status !== 200 || crashes.length > before) {
          fail(
            index,
            request,
            'health check',
            `${health.status} ${health.error ?? ''} ${String(crashes.at(-1) ?? '')}`,
          );
        }
        if ('polluted' in Object.prototype || Object.keys(Object.prototype).length > 0) {
          fail(index, request, 'no prototype pollution', Object.keys(Object.prototype).join(','));
          for (const name of Object.keys(Object.prototype)) {
            delete (Object.prototype as Record<string, unknown>)[name];
          }
        }

        const nextVersion = await fuzz.shop.dataVersion();
        if (nextVersion !== version) {
          const checksum = await fuzz.shop.checksum();
          if (checksum !== baseline) {
            const changed = await fuzz.shop.dump();
            await fuzz.shop.restore();
            const seeded = await fuzz.shop.dump();
            fail(index, request, 'database unchanged', `SQLite: ${diffTables(seeded, changed)}`);
            baseline = await fuzz.shop.checksum();
          }
          version = await fuzz.shop.dataVersion();
        }
        if (request.method !== 'GET') {
          const checksum = await fuzz.memoryChecksum();
          if (checksum !== memory) {
            fail(
              index,
              request,
              'database unchanged',
              'in-memory bookstore changed (kept: it cannot be restored in place)',
            );
            memory = checksum;
          }
        }
      }
      process.off('uncaughtException', onCrash);
      process.off('unhandledRejection', onCrash);

      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const unexpected = failures.filter(failure => !failure.known);
      const report: string[] = [
        `fuzz: seed ${seed}, ${sent} requests sent in ${seconds} s, ${failures.length} failures (${unexpected.length} unexpected)`,
        `slowest: ${slowest
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 5)
          .map(s => `#${s.index} ${s.family} ${s.ms} ms`)
          .join(', ')}`,
        `statuses: ${[...statuses.entries()]
          .sort()
          .map(([k, n]) => `${k}×${n}`)
          .join(', ')}`,
      ];
      for (const [known, count] of excluded) {
        report.push(
          `EXCLUDED (knownFailures, not sent): ${count} requests ${JSON.stringify({ ...known })}`,
        );
      }
      const unseen = knownFailures.filter(
        known => known.mode === 'tolerate' && !failures.some(f => f.known === known),
      );
      for (const known of unseen)
        report.push(`known failure not seen in this run: ${JSON.stringify(known)}`);
      // One example per family and invariant, known first.
      const shown = new Set<string>();
      for (const failure of [...failures].sort((a, b) => Number(!a.known) - Number(!b.known))) {
        const key = `${failure.request.family}/${failure.invariant}/${failure.known?.bullet ?? 'unexpected'}`;
        const count = failures.filter(
          f => `${f.request.family}/${f.invariant}/${f.known?.bullet ?? 'unexpected'}` === key,
        ).length;
        if (shown.has(key)) continue;
        shown.add(key);
        report.push(
          `${failure.known ? `KNOWN (${failure.known.bullet})` : 'FAILED'}: ${failure.invariant} on ${failure.request.family} ×${count}: ${failure.detail}\n${describeRequest(failure.index, failure.request)}`,
        );
      }
      console.log(report.join('\n'));

      expect(
        unexpected.map(
          f => `#${f.index} ${f.request.family}: ${f.invariant} (${clip(f.detail, 160)})`,
        ),
      ).toEqual([]);
    },
    30 * 60_000,
  );
});
