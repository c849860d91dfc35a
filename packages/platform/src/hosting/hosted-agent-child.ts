import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

import type { HostedAgentLogLevel } from '../database/models/hosted-agent-rows';
import { hostedAgentEntry } from './hosted-agent-entry';
import type { HostedAgentConfig, HostedAgentMessage } from './hosted-agent-messages';

/** Longest wait for a child to report `ready` (connections, customization, schema upload). */
const READY_TIMEOUT_MS = 120_000;
/** Longest wait for a child to stop before it is killed. */
const STOP_TIMEOUT_MS = 5_000;

/** A running hosted agent process. */
export interface HostedAgentChild {
  /** The port it serves on, once ready; rejects with the reason it failed to load. */
  readonly ready: Promise<number>;
  /** Resolves with the exit code (or signal) once the process ended, whoever ended it. */
  readonly exited: Promise<string>;
  /** Stops it (asks, then kills after 5 s); resolves once it exited. */
  stop(): Promise<void>;
}

/**
 * Starts a hosted agent's child process: `node dist/hosting/hosted-agent-process.js` with no
 * argument and a minimal environment (the platform's own variables, its secret key among them,
 * are not passed), then its configuration over IPC. Its log messages and output lines go to `log`.
 *
 * @example
 * ```ts
 * const child = startHostedAgentChild(config, (level, message) => store(level, message));
 * const port = await child.ready;
 * ```
 */
export function startHostedAgentChild(
  config: HostedAgentConfig,
  log: (level: HostedAgentLogLevel, message: string) => void,
): HostedAgentChild {
  const child: ChildProcess = spawn(process.execPath, [hostedAgentEntry()], {
    cwd: config.bundleDir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const exited = new Promise<string>(resolve => {
    child.once('exit', (code, signal) => resolve(signal ?? `code ${code ?? 'none'}`));
  });
  for (const [stream, level] of [
    [child.stdout, 'Info'],
    [child.stderr, 'Error'],
  ] as const) {
    if (stream) createInterface({ input: stream }).on('line', line => log(level, line));
  }

  const ready = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The agent did not start within ${READY_TIMEOUT_MS / 1000} s`)),
      READY_TIMEOUT_MS,
    );
    const settle = () => clearTimeout(timer);
    child.on('message', (message: HostedAgentMessage) => {
      if (message.type === 'log') log(message.level, message.message);
      else if (message.type === 'ready') {
        settle();
        resolve(message.port);
      } else if (message.type === 'failed') {
        settle();
        reject(new Error(message.error));
      }
    });
    child.once('error', error => {
      settle();
      reject(error);
    });
    child.once('exit', code => {
      settle();
      reject(new Error(`The agent process exited (code ${code ?? 'none'}) before it was ready`));
    });
  });
  // Rejections are read by whoever awaits `ready`; this keeps an unread one from crashing.
  ready.catch(() => undefined);
  child.send({ type: 'start', config });

  let stopping: Promise<void> | undefined;

  return {
    ready,
    exited,
    stop: () => {
      stopping ??= (async () => {
        // A process that never spawned (no pid) or already ended has nothing to stop.
        if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
          if (child.connected) child.send({ type: 'stop' });
          const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
          await exited;
          clearTimeout(timer);
        }
      })();

      return stopping;
    },
  };
}
