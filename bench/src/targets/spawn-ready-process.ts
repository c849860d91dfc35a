import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Options of {@link spawnReadyProcess}. */
export interface SpawnReadyProcessOptions {
  /** The script node runs (a `dist/` entry). */
  readonly script: string;
  /** The environment variable the payload is passed in, as JSON. */
  readonly variable: string;
  readonly payload: unknown;
  /** For error messages (`the grove agent`, `the platform`). */
  readonly label: string;
  readonly nodeFlags?: readonly string[];
  readonly timeoutMs: number;
}

/** A child process that said it was ready, with what it said. */
export interface ReadyProcess<Ready> {
  readonly ready: Ready;
  readonly pid: number;
  /** Milliseconds from the spawn to the ready line. */
  readonly startupMs: number;
  /** SIGTERM (a `--cpu-prof` profile is written), SIGKILL after 10 s; resolves on exit. */
  stop(): Promise<void>;
}

/**
 * Starts `node <script>` with a JSON payload in one environment variable and resolves with the
 * first stdout line that starts with `{"ready"` (parsed); rejects if the process exits or stays
 * silent past the timeout (with the end of its stderr).
 *
 * @example
 * ```ts
 * const child = await spawnReadyProcess<{ ready: true; port: number }>({
 *   script: 'dist/platform-process.js', variable: 'BENCH_PLATFORM', payload, label: 'the platform', timeoutMs: 60_000,
 * });
 * ```
 */
export function spawnReadyProcess<Ready>(
  options: SpawnReadyProcessOptions,
): Promise<ReadyProcess<Ready>> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), options.script], {
    env: { ...process.env, [options.variable]: JSON.stringify(options.payload) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${options.label} did not start in time.\n${errors}`));
    }, options.timeoutMs);
    child.once('exit', code => {
      clearTimeout(timer);
      reject(new Error(`${options.label} exited (${code}) before it was ready.\n${errors}`));
    });
    const lines = createInterface({ input: child.stdout });
    lines.on('line', line => {
      if (!line.startsWith('{"ready"')) return;
      clearTimeout(timer);
      resolve({
        ready: JSON.parse(line) as Ready,
        pid: child.pid as number,
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
