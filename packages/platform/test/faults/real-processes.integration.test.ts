import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describeOrSkip, missingEnv } from '@grove/datasource-toolkit/testing';
import { signSessionToken } from '@grove/platform-client';

import { callAdmin } from '../helpers/admin-client';
import { createTestPlatformDatabase } from '../helpers/test-platform';
import type { TestPlatformDatabase } from '../helpers/test-platform';
import { answerOf, countWrites, failuresSince } from './harness/count-writes';
import { createShopSchema } from './harness/create-shop-schema';
import type { ShopSchema } from './harness/create-shop-schema';
import { spawnTestProcess } from './harness/spawn-test-process';
import type { ProcessMessage, TestProcess } from './harness/spawn-test-process';
import { startLoad } from './harness/start-load';
import type { CallAnswer, LoadOutcome } from './harness/start-load';
import { waitReady } from './harness/wait-ready';

// Issue 35, "Faults that take the stack down": the platform and the agent run as their own
// processes, from the BUILT packages (`dist/`: run `pnpm run build` first; the CI builds before it
// tests), on PostgreSQL; one fault at a time, under load. Each test checks that the agent process
// lives, answers only the documented statuses during the fault, serves again within a second of
// the fault's end, and that what it acknowledged is kept and what it refused was not applied.
jest.setTimeout(60_000);

const processes = join(__dirname, 'processes');
const authSecret = randomBytes(24).toString('hex');
const UNEXPECTED = '500 Unexpected error';
const NOT_LOGGED =
  "503 The platform did not record this operation's activity log; nothing was changed";

/** What the platform's first start created (see processes/platform-process.cjs). */
interface Setup {
  readonly envSecret: string;
  readonly adminEmail: string;
  readonly adminPassword: string;
  readonly projectId: number;
  readonly roleId: number;
  readonly userId: number;
  readonly renderingId: number;
}

/** An agent process and what the test calls it with. */
interface AgentProcess {
  readonly process: TestProcess;
  readonly url: string;
  /** The name of its PostgreSQL connections. */
  readonly applicationName: string;
}

/** A port free on 127.0.0.1 right now (the platform restarts on it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** A log line of the agent whose message includes `text`. */
const agentLog = (text: string) => (message: ProcessMessage) =>
  message.type === 'log' && String(message.message).includes(text);

describeOrSkip(missingEnv('POSTGRES_URL'), 'faults with real processes on PostgreSQL', () => {
  const url = process.env.POSTGRES_URL as string;
  let database: TestPlatformDatabase;
  let shop: ShopSchema;
  let directory: string;
  let port: number;
  let platform: TestProcess;
  let setup: Setup;
  let token: string;
  const agents: TestProcess[] = [];

  /** Starts the platform process on the suite's port and database; answers once it serves. */
  const startPlatform = async (): Promise<ProcessMessage> => {
    const { schema } = database.options as { schema: string };
    platform = spawnTestProcess(join(processes, 'platform-process.cjs'), {
      GROVE_FAULT_PORT: String(port),
      GROVE_FAULT_DATABASE_URL: url,
      GROVE_FAULT_SCHEMA: schema,
    });

    return waitReady(platform);
  };

  /** Starts an agent process on the shop, connected to the platform. */
  const startAgent = async (slowListMs = 0): Promise<AgentProcess> => {
    const applicationName = `grove-fault-${randomBytes(4).toString('hex')}`;
    const child = spawnTestProcess(join(processes, 'agent-process.cjs'), {
      GROVE_FAULT_AUTH_SECRET: authSecret,
      GROVE_FAULT_ENV_SECRET: setup.envSecret,
      GROVE_FAULT_SERVER_URL: `http://127.0.0.1:${port}`,
      GROVE_FAULT_SCHEMA_PATH: join(directory, `${applicationName}.schema.json`),
      GROVE_FAULT_SHOP_URL: url,
      GROVE_FAULT_SHOP_SCHEMA: shop.schema,
      GROVE_FAULT_APPLICATION_NAME: applicationName,
      GROVE_FAULT_SLOW_LIST_MS: String(slowListMs),
    });
    agents.push(child);
    const ready = await waitReady(child);

    return { process: child, url: String(ready.url), applicationName };
  };

  /** One agent call as Ada: its status, and the detail of its error when not a 200. */
  const callAgent = async (
    agent: AgentProcess,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<CallAnswer> => {
    const query = `${path.includes('?') ? '&' : '?'}timezone=UTC`;
    const response = await fetch(`${agent.url}/forest/${path}${query}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status === 200) return { status: 200 };
    const parsed = JSON.parse(text) as { errors?: { detail?: string }[] };

    return { status: response.status, detail: parsed.errors?.[0]?.detail };
  };
  /** Creates the order whose `ref` is the write's key. */
  const createOrder = (agent: AgentProcess, ref: number) =>
    callAgent(agent, 'POST', 'orders', {
      data: { type: 'orders', attributes: { ref, amount: 1 } },
    });
  const listOrders = (agent: AgentProcess) => callAgent(agent, 'GET', 'orders?page[size]=5');
  /** The activity logs of creates on the platform, by status. */
  const createLogs = async (): Promise<Record<string, number>> => {
    const { schema } = database.options as { schema: string };
    const rows = await shop.query<{ status: string; count: number }>(
      `SELECT status, COUNT(*)::int AS count FROM ${schema}.activity_logs
         WHERE action = 'create' GROUP BY status`,
    );

    return Object.fromEntries(rows.map(row => [row.status, row.count]));
  };
  /** Waits for `count` acknowledged writes in a load (the warm-up before a fault). */
  const acknowledgedAtLeast = async (outcomes: readonly LoadOutcome[], count: number) => {
    const since = Date.now();
    while (outcomes.filter(o => o.status === 200).length < count) {
      if (Date.now() - since > 15_000) {
        throw new Error(`no ${count} answers 200 before the fault: ${outcomes.map(answerOf)}`);
      }
      await sleep(20);
    }
  };

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'grove-faults-'));
    database = await createTestPlatformDatabase({ name: 'PostgreSQL', url });
    shop = await createShopSchema(url);
    port = await freePort();
    setup = (await startPlatform()).setup as Setup;
    token = await signSessionToken(
      {
        id: setup.userId,
        email: 'ada@grove.test',
        firstName: 'Ada',
        lastName: 'Lovelace',
        team: 'Operations',
        role: 'Writer',
        permissionLevel: 'user',
        renderingId: setup.renderingId,
        tags: {},
      },
      { secret: authSecret, expiresInSeconds: 3600 },
    );
  });

  afterAll(async () => {
    for (const agent of agents) await agent.kill('SIGKILL');
    await platform?.kill('SIGKILL');
    await shop?.drop();
    await database?.drop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('survives pg_terminate_backend of its connections under load: 200 or 500, back in 1 s, nothing lost', async () => {
    const agent = await startAgent();
    const writes = startLoad({ concurrency: 3, call: n => createOrder(agent, 100_000 + n) });
    const reads = startLoad({ concurrency: 2, call: () => listOrders(agent) });
    await acknowledgedAtLeast(writes.outcomes, 20);

    // Three cuts of every connection of the agent, 300 ms apart, statements running.
    let cut = 0;
    for (let round = 0; round < 3; round += 1) {
      cut += await shop.terminate(agent.applicationName);
      await sleep(300);
    }
    const faultEnd = Date.now();
    await sleep(2_000);
    const written = await writes.stop();
    const read = await reads.stop();

    expect(cut).toBeGreaterThan(0);
    expect(agent.process.alive()).toBe(true);
    const count = countWrites(written);
    expect(count.answers.filter(answer => answer !== '200' && answer !== UNEXPECTED)).toEqual([]);
    expect(read.map(answerOf).filter(a => a !== '200' && a !== UNEXPECTED)).toEqual([]);
    // Back within a second: every call sent from then on was answered 200.
    expect(failuresSince(written, faultEnd + 1_000)).toEqual([]);
    expect(failuresSince(read, faultEnd + 1_000)).toEqual([]);
    expect(written.filter(o => o.startedAt >= faultEnd + 1_000).length).toBeGreaterThan(0);
    expect(read.filter(o => o.startedAt >= faultEnd + 1_000).length).toBeGreaterThan(0);
    // Every acknowledged write is in the table, no refused one (a single INSERT: a cut statement
    // is rolled back by the server; only a cut in the instant of its commit could differ, D27).
    const refs = (await shop.refs()).filter(ref => ref > 100_000 && ref < 200_000);
    expect(refs).toEqual(count.acknowledged.map(n => 100_000 + n));
    await agent.process.kill('SIGTERM');
  });

  it('survives a SIGKILL of the platform under write load: 200 or 503, back in 1 s, logs kept', async () => {
    const agent = await startAgent();
    const logsBefore = await createLogs();
    const writes = startLoad({ concurrency: 3, call: n => createOrder(agent, 200_000 + n) });
    await acknowledgedAtLeast(writes.outcomes, 20);

    await platform.kill('SIGKILL');
    const killedAt = Date.now();
    await sleep(1_500);
    await startPlatform();
    const servingAt = Date.now();
    await sleep(2_000);
    const written = await writes.stop();

    expect(agent.process.alive()).toBe(true);
    const count = countWrites(written);
    expect(count.answers.filter(answer => answer !== '200' && answer !== NOT_LOGGED)).toEqual([]);
    // Strict activity logs: a write sent and answered while no platform served was refused.
    const duringOutage = written.filter(o => o.startedAt > killedAt && o.endedAt < servingAt);
    expect(duringOutage.length).toBeGreaterThan(0);
    expect(duringOutage.map(answerOf).filter(answer => answer !== NOT_LOGGED)).toEqual([]);
    expect(failuresSince(written, servingAt + 1_000)).toEqual([]);
    expect(written.filter(o => o.startedAt >= servingAt + 1_000).length).toBeGreaterThan(0);
    const refs = (await shop.refs()).filter(ref => ref > 200_000 && ref < 300_000);
    expect(refs).toEqual(count.acknowledged.map(n => 200_000 + n));

    // Every acknowledged write has its log, completed (statuses are retried until the platform
    // is back); a log the platform took just before it died may stay pending, never failed.
    await agent.process.kill('SIGTERM');
    const logs = await createLogs();
    const added = (status: string) => (logs[status] ?? 0) - (logsBefore[status] ?? 0);
    expect(added('completed')).toBe(count.acknowledged.length);
    expect(added('failed')).toBe(0);
    expect(added('pending')).toBeLessThanOrEqual(count.refused.length);
  });

  it('drains the requests under way when a reopened event stream restarts it: no 500', async () => {
    const agent = await startAgent(400);
    const restarted = waitReady(agent.process, agentLog('Agent restarted with the new'));
    const reads = startLoad({ concurrency: 4, call: () => listOrders(agent) });
    await acknowledgedAtLeast(reads.outcomes, 4);

    await platform.kill('SIGKILL');
    await startPlatform();
    await restarted;
    await sleep(1_000);
    const read = await reads.stop();

    expect(agent.process.alive()).toBe(true);
    expect(countWrites(read).answers).toEqual(['200']);
    expect(agent.process.messages.filter(agentLog('Cannot use a pool'))).toEqual([]);
    await agent.process.kill('SIGTERM');
  });

  it('applies a permission change made right after its event stream reopened, cache of 900 s', async () => {
    const agent = await startAgent();
    const reopened = waitReady(agent.process, agentLog('event stream reopened'));
    expect(await createOrder(agent, 300_001)).toEqual({ status: 200 });
    await platform.kill('SIGKILL');
    await startPlatform();
    await reopened;
    // The rights are cached again after the reopening (900 s): only an event can drop them now.
    expect(await createOrder(agent, 300_002)).toEqual({ status: 200 });

    const rights = { browse: true, read: true, edit: true, add: true, delete: true, export: true };
    const base = `http://127.0.0.1:${port}`;
    const login = await callAdmin(base, 'POST', '/api/admin/session', {
      email: setup.adminEmail,
      password: setup.adminPassword,
    });
    const headers = {
      cookie: (login.headers.get('set-cookie') ?? '').split(';')[0]!,
      'x-csrf-token': String(login.body.data.csrfToken),
    };
    const path = `/api/admin/projects/${setup.projectId}/roles/${setup.roleId}/collections/orders`;
    const changedAt = Date.now();
    expect((await callAdmin(base, 'PUT', path, { ...rights, add: false }, headers)).status).toBe(
      200,
    );
    let ref = 300_002;
    let answer: CallAnswer;
    do {
      ref += 1;
      answer = await createOrder(agent, ref);
      if (answer.status === 200) await sleep(50);
    } while (answer.status === 200 && Date.now() - changedAt < 10_000);

    expect(answer.status).toBe(403);
    expect(Date.now() - changedAt).toBeLessThan(3_000);
    expect((await shop.refs()).filter(r => r > 300_000)).toEqual(
      Array.from({ length: ref - 300_001 }, (_, i) => 300_001 + i),
    );
    expect(agent.process.alive()).toBe(true);
    await agent.process.kill('SIGTERM');
  });
});
