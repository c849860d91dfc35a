// The validation pass of the benchmark on a small shop (200 customers): every kind of request,
// answered by the built agents in their own processes, matches the database. No timings.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createForestServerSandbox } from '@grove/agent-testing';
import { startBenchAgent, vendorInstalled } from '../src/bench-agent';
import type { BenchAgent } from '../src/bench-agent';
import { connectShop, openShop } from '../src/open-shop';
import { guardDataset } from '../src/requests/guard-dataset';
import type { BenchDialect, ValidationContext } from '../src/requests/request-kind';
import { requestKinds } from '../src/requests/request-kinds';
import { validateKind } from '../src/requests/validate-kind';

const scale = 0.002;
const script = join(__dirname, '..', 'dist', 'target-process.js');
const databases: { name: string; dialect: BenchDialect; enabled: boolean }[] = [
  { name: 'SQLite', dialect: 'sqlite', enabled: true },
  { name: 'PostgreSQL', dialect: 'postgres', enabled: Boolean(process.env.POSTGRES_URL) },
];
for (const skipped of databases.filter(d => !d.enabled)) {
  describe.skip(`${skipped.name}: skipped: no POSTGRES_URL`, () => {
    it('needs POSTGRES_URL', () => undefined);
  });
}
/**
 * The vendor's line chart buckets months in UTC whatever the caller's timezone: an order of
 * 2023-12-31T23:30Z (1 January in Paris, added below) lands in "Dec 23". Pinned so that a new
 * vendor version that fixes it shows here.
 */
const vendorWrong = new Set(['line chart']);

describe.each(databases.filter(d => d.enabled))('benchmark validation on $name', ({ dialect }) => {
  let directory: string;
  let sandbox: Awaited<ReturnType<typeof createForestServerSandbox>>;
  let context: ValidationContext;
  let restore: () => Promise<void>;
  const agents = new Map<string, BenchAgent>();

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'grove-bench-test-'));
    const database = await openShop(dialect, scale, join(directory, 'shop.sqlite'));
    const db = connectShop(database);
    context = { dialect, size: database.size, db };
    ({ restore } = await guardDataset(db, database.size));
    // An order on the first hour of 2024 in Paris, still 2023 in UTC (removed by `restore`).
    const newYear =
      dialect === 'postgres' ? '2023-12-31T23:30:00Z' : '2023-12-31 23:30:00.000 +00:00';
    await db.query(
      `INSERT INTO orders (id, customer_id, status, amount, ordered_at) VALUES (${database.size.orders + 1}, 1, 'paid', 1, '${newYear}')`,
    );
    sandbox = await createForestServerSandbox(0);
    for (const name of vendorInstalled() ? (['grove', 'vendor'] as const) : (['grove'] as const)) {
      agents.set(name, await startBenchAgent(name, database.url, sandbox.url, { script }));
    }
  }, 120_000);
  afterAll(async () => {
    for (const agent of agents.values()) await agent.target.stop();
    await restore?.();
    await context?.db.close();
    await sandbox?.close();
    rmSync(directory, { recursive: true, force: true });
  }, 60_000);

  it('generated the small shop', () => {
    expect(context.size).toEqual({ customers: 200, orders: 1000, orderItems: 2000 });
  });

  it.each(requestKinds.map(kind => [kind.name, kind] as const))(
    "Grove's agent answers %s as the database does",
    async (_name, kind) => {
      const grove = agents.get('grove')!;
      await validateKind(kind, { url: grove.target.url, token: grove.token }, context);
      // A second request: ids rotate, and a write is checked again.
      await validateKind(kind, { url: grove.target.url, token: grove.token }, context, 1);
    },
  );

  it.each(requestKinds.map(kind => [kind.name, kind] as const))(
    "the vendor's agent answers %s as the database does (when installed)",
    async (name, kind) => {
      const vendor = agents.get('vendor');
      if (!vendor) return; // not installed: the runner measures Grove alone
      const answered = validateKind(kind, { url: vendor.target.url, token: vendor.token }, context);
      if (vendorWrong.has(name)) {
        await expect(answered).rejects.toMatchObject({ code: 'BenchValidationError', kind: name });
      } else {
        await answered;
      }
    },
  );
});
