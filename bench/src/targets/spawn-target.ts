import { join } from 'node:path';
import { spawnReadyProcess } from './spawn-ready-process';
import type { TargetOptions, TargetReady } from './target-options';

/** An agent running in its own process. */
export interface RunningTarget {
  readonly options: TargetOptions;
  readonly pid: number;
  /** `http://127.0.0.1:<port>` (routes under `/forest`). */
  readonly url: string;
  /** Milliseconds from the spawn of the process to its agent listening. */
  readonly startupMs: number;
  /** Ends the process (SIGTERM: a `--cpu-prof` profile is written) and waits for its exit. */
  stop(): Promise<void>;
}

/** Options of {@link spawnTarget}. */
export interface SpawnTargetOptions {
  /** Extra `node` flags, e.g. `['--cpu-prof', '--cpu-prof-dir=/tmp/prof']`. */
  readonly nodeFlags?: readonly string[];
  /** Milliseconds to wait for the agent (default 120 s: the vendor introspects 1.6M rows' tables). */
  readonly timeoutMs?: number;
  /** The target script (default: `target-process.js` beside this file, i.e. in `dist/`). */
  readonly script?: string;
}

/**
 * Starts `dist/target-process.js` for one agent and resolves once it listens.
 *
 * @example
 * ```ts
 * const target = await spawnTarget({ agent: 'grove', databaseUrl, serverUrl, envSecret, authSecret, schemaPath });
 * await fetch(`${target.url}/forest`);
 * await target.stop();
 * ```
 */
export async function spawnTarget(
  options: TargetOptions,
  spawnOptions: SpawnTargetOptions = {},
): Promise<RunningTarget> {
  const child = await spawnReadyProcess<TargetReady>({
    script: spawnOptions.script ?? join(__dirname, 'target-process.js'),
    variable: 'BENCH_TARGET',
    payload: options,
    label: `The ${options.agent} agent`,
    nodeFlags: spawnOptions.nodeFlags ?? [],
    timeoutMs: spawnOptions.timeoutMs ?? 120_000,
  });

  return {
    options,
    pid: child.pid,
    url: `http://127.0.0.1:${child.ready.port}`,
    startupMs: child.startupMs,
    stop: () => child.stop(),
  };
}
