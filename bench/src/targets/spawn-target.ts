import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
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
export function spawnTarget(
  options: TargetOptions,
  spawnOptions: SpawnTargetOptions = {},
): Promise<RunningTarget> {
  const started = process.hrtime.bigint();
  const child = spawn(
    process.execPath,
    [
      ...(spawnOptions.nodeFlags ?? []),
      spawnOptions.script ?? join(__dirname, 'target-process.js'),
    ],
    {
      env: { ...process.env, BENCH_TARGET: JSON.stringify(options) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The ${options.agent} agent did not start in time.\n${errors}`));
    }, spawnOptions.timeoutMs ?? 120_000);
    child.once('exit', code => {
      clearTimeout(timer);
      reject(new Error(`The ${options.agent} agent exited (${code}) before listening.\n${errors}`));
    });
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', line => {
      if (!line.startsWith('{"ready"')) return;
      clearTimeout(timer);
      const ready = JSON.parse(line) as TargetReady;
      resolve({
        options,
        pid: child.pid as number,
        url: `http://127.0.0.1:${ready.port}`,
        startupMs: Number(process.hrtime.bigint() - started) / 1e6,
        stop: () => stopChild(child),
      });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();

  return new Promise(resolve => {
    child.removeAllListeners('exit');
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
