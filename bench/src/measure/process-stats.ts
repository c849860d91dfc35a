import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/**
 * Clock ticks per second of `/proc/<pid>/stat` times (`getconf CLK_TCK`, 100 when unknown).
 *
 * @example
 * ```ts
 * clockTicksPerSecond(); // 100
 * ```
 */
export function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }

  return ticksPerSecond;
}

/**
 * The CPU time a process has used so far (user + system), in milliseconds.
 *
 * @example
 * ```ts
 * const before = readCpuMs(target.pid); // … load … readCpuMs(target.pid) - before
 * ```
 */
export function readCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);

  return (ticks * 1000) / clockTicksPerSecond();
}

/**
 * The resident memory of a process (VmRSS), in MB.
 *
 * @example
 * ```ts
 * readRssMb(target.pid); // 74.2
 * ```
 */
export function readRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);

  return kb / 1024;
}

/**
 * Samples a process's VmRSS every `intervalMs` until stopped; `stop()` returns the peak in MB.
 *
 * @example
 * ```ts
 * const sampler = sampleRss(target.pid);
 * await load();
 * const peakMb = sampler.stop();
 * ```
 */
export function sampleRss(pid: number, intervalMs = 50): { stop(): number } {
  let peak = readRssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, readRssMb(pid));
    } catch {
      // The process ended: the window reports its errors.
    }
  }, intervalMs);

  return {
    stop() {
      clearInterval(timer);

      return peak;
    },
  };
}

/**
 * Waits until a process stops using the CPU (less than `thresholdMs` of CPU time per `quietMs`),
 * at most `maxMs`: when a load window ends, an agent still serves the requests it had queued
 * (a slow chart on one SQLite connection: seconds of work), which must not spill into the next
 * window nor into the raw query's. Answers the milliseconds waited.
 *
 * @example
 * ```ts
 * await waitForIdle(target.pid);
 * ```
 */
export async function waitForIdle(
  pid: number,
  options: {
    readonly quietMs?: number;
    readonly thresholdMs?: number;
    readonly maxMs?: number;
  } = {},
): Promise<number> {
  const quietMs = options.quietMs ?? 300;
  const thresholdMs = options.thresholdMs ?? 6;
  const started = Date.now();
  let before = readCpuMs(pid);
  while (Date.now() - started < (options.maxMs ?? 120_000)) {
    await new Promise(resolve => setTimeout(resolve, quietMs));
    const now = readCpuMs(pid);
    if (now - before < thresholdMs) break;
    before = now;
  }

  return Date.now() - started;
}
