import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** True while a process of the group led by `pid` is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);

    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/**
 * Stops a child started with `detached: true` (the leader of its own process group) and every
 * process of its group: SIGTERM to the group, then waits until none is left — not only the
 * leader (`npm start` exits before the server it started has closed its files) — and SIGKILLs
 * what is still there after `timeoutMs`. Its output streams are destroyed.
 *
 * @example
 * ```ts
 * afterAll(async () => {
 *   await stopProcessGroup(child);
 *   await rm(directory, { recursive: true, force: true }); // nothing writes there any more
 * });
 * ```
 */
export async function stopProcessGroup(
  child: ChildProcess | undefined,
  timeoutMs = 10_000,
): Promise<void> {
  const pid = child?.pid;
  if (child && pid !== undefined && groupAlive(pid)) {
    const exited =
      child.exitCode === null && child.signalCode === null
        ? new Promise(resolve => child.once('exit', resolve))
        : Promise.resolve();
    process.kill(-pid, 'SIGTERM');
    await exited;
    const deadline = Date.now() + timeoutMs;
    while (groupAlive(pid) && Date.now() < deadline) await sleep(50);
    if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  }
  child?.stdout?.destroy();
  child?.stderr?.destroy();
}
