import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** One line a test process wrote on its standard output, as JSON (`type` says what it is). */
export interface ProcessMessage {
  readonly type: string;
  readonly [key: string]: unknown;
}

/** A Node.js child process of a fault test and the messages it wrote so far. */
export interface TestProcess {
  readonly child: ChildProcess;
  /** Every JSON line of its standard output, in order. */
  readonly messages: readonly ProcessMessage[];
  /** Its standard error so far (uncaught errors land there). */
  readonly stderr: () => string;
  /** Whether it is still running (neither exited nor killed). */
  alive(): boolean;
  /** Calls `listener` for every message from now on; returns the way to stop. */
  onMessage(listener: (message: ProcessMessage) => void): () => void;
  /** Sends a signal and resolves once it exited (at once when it already had). */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `node <script>` with exactly `env` (and PATH): its standard output is read as JSON lines,
 * anything else on it is ignored; its standard error is kept for the test's messages.
 *
 * @example
 * ```ts
 * const platform = spawnTestProcess(join(__dirname, '../processes/platform-process.cjs'), env);
 * const ready = await waitReady(platform);
 * ```
 */
export function spawnTestProcess(script: string, env: Record<string, string>): TestProcess {
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const messages: ProcessMessage[] = [];
  const listeners = new Set<(message: ProcessMessage) => void>();
  let stderr = '';
  child.stderr.on('data', chunk => {
    stderr += String(chunk);
  });
  createInterface({ input: child.stdout }).on('line', line => {
    let message: ProcessMessage;
    try {
      message = JSON.parse(line) as ProcessMessage;
    } catch {
      return;
    }
    messages.push(message);
    for (const listener of [...listeners]) listener(message);
  });
  const exited = new Promise<void>(resolve => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;

  return {
    child,
    messages,
    stderr: () => stderr,
    alive,
    onMessage(listener) {
      listeners.add(listener);

      return () => listeners.delete(listener);
    },
    async kill(signal) {
      if (alive()) child.kill(signal);
      await exited;
    },
  };
}
