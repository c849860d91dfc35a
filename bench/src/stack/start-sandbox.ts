import { join } from 'node:path';
import { spawnReadyProcess } from '../targets/spawn-ready-process';
import type { ReadyProcess } from '../targets/spawn-ready-process';

/** The platform sandbox of the run, in its own process (`dist/sandbox-process.js`). */
export type BenchSandbox = ReadyProcess<{ ready: true; url: string }>;

/**
 * Starts the platform sandbox of the run in a child process and resolves once it listens.
 *
 * @example
 * ```ts
 * const sandbox = await startSandbox();
 * await startBenchAgent('grove', databaseUrl, sandbox.ready.url);
 * await sandbox.stop();
 * ```
 */
export function startSandbox(): Promise<BenchSandbox> {
  return spawnReadyProcess({
    script: join(__dirname, 'sandbox-process.js'),
    variable: 'BENCH_SANDBOX',
    payload: {},
    label: 'the platform sandbox',
    timeoutMs: 60_000,
  });
}
