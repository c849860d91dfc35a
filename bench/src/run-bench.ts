// The benchmark runner: Grove's agent against the vendor's on the same shop (see bench/README.md).
//   node dist/run-bench.js [--scale 1] [--db sqlite|postgres|both] [--targets grove,vendor]
//     [--kinds list,count] [--windows 4] [--duration 8] [--connections 10] [--out RESULTS.md]
//     [--json results.json] [--validate-only] [--skip-stack]
//   node dist/run-bench.js --profile <kind> [--target grove|vendor] [--db sqlite|postgres]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDatabase } from './bench-database';
import { vendorInstalled } from './bench-agent';
import { parseBenchOptions } from './cli/bench-options';
import { runProfile } from './profile/run-profile';
import { selectKinds, selectStackKinds } from './requests/request-kinds';
import { startSandbox } from './stack/start-sandbox';
import type { BenchResults, DatabaseResults } from './results/bench-results';
import { machineInfo } from './results/machine-info';
import { renderResults } from './results/render-results';
import { writeResults } from './results/write-results';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const options = parseBenchOptions(argv, {
    postgres: Boolean(process.env.POSTGRES_URL),
    vendor: vendorInstalled(),
    defaultOut: join(__dirname, '..', 'RESULTS.md'),
  });
  const kinds = selectKinds(options.kinds);
  const stackKinds = selectStackKinds(options.kinds, options.skipStack);
  // One platform sandbox for every agent of the run, in a process of its own.
  const sandbox = await startSandbox();
  const sandboxUrl = sandbox.ready.url;
  try {
    if (options.profile !== undefined) {
      await runProfile(options, options.targets[0] ?? 'grove', sandboxUrl);

      return;
    }
    const databases: DatabaseResults[] = [];
    for (const dialect of options.dialects) {
      databases.push(await benchDatabase(dialect, kinds, stackKinds, options, sandboxUrl));
    }
    if (options.validateOnly) {
      console.log('Validation done: every kind answered by Grove matches the database.');

      return;
    }
    const results: BenchResults = {
      date: new Date().toISOString(),
      command: `node dist/run-bench.js ${argv.join(' ')}`.trim(),
      machine: machineInfo(),
      parameters: {
        scale: options.scale,
        windows: options.windows,
        durationSeconds: options.durationSeconds,
        connections: options.connections,
        targets: options.targets,
      },
      databases,
    };
    writeResults(options.out, renderResults(results));
    console.log(`Results written to ${options.out}`);
    if (options.json) writeFileSync(options.json, `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await sandbox.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
