// Serves one agent on the benchmark's shop for profiling by hand:
//   node dist/dev-serve.js grove sqlite [scale]           (or vendor, postgres)
//   BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" node dist/dev-serve.js grove sqlite
// Prints the agent's URL and a bearer token; Ctrl-C stops it (and writes the profile).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUserToken } from '@grove/agent-client';
import { createForestServerSandbox, sandboxUser } from '@grove/agent-testing';
import { generateDataset } from './dataset/generate-dataset';
import type { TargetName } from './targets/target-options';
import { spawnTarget } from './targets/spawn-target';

async function main(): Promise<void> {
  const agent = (process.argv[2] ?? 'grove') as TargetName;
  const dialect = process.argv[3] === 'postgres' ? 'postgres' : 'sqlite';
  const scale = Number(process.argv[4] ?? 1);
  const serverUrl = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const database = await generateDataset(
    dialect === 'postgres'
      ? { dialect, serverUrl }
      : { dialect, storage: join(__dirname, '..', '.data', `shop-${scale}.sqlite`) },
    scale,
  );
  const sandbox = await createForestServerSandbox(0);
  const authSecret = randomBytes(16).toString('hex');
  const target = await spawnTarget(
    {
      agent,
      databaseUrl: database.url,
      serverUrl: sandbox.url,
      envSecret: randomBytes(32).toString('hex'),
      authSecret,
      schemaPath: join(mkdtempSync(join(tmpdir(), 'grove-bench-')), '.schema.json'),
    },
    { nodeFlags: (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean) },
  );
  const token = await signUserToken({ authSecret, user: sandboxUser, expiresInSeconds: 86_400 });
  console.log(
    `${agent} agent on ${database.url}: ${target.url} (started in ${target.startupMs.toFixed(0)} ms, pid ${target.pid})`,
  );
  console.log(`TOKEN=${token}`);
  console.log(
    `curl -H "authorization: Bearer $TOKEN" '${target.url}/forest/customers?timezone=UTC&page%5Bsize%5D=15&page%5Bnumber%5D=1'`,
  );
  const stop = () => {
    // A signal handler: nothing awaits it, and the process exits (0) whatever the stop did.
    void target
      .stop()
      .then(() => sandbox.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
