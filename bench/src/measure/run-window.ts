import autocannon from 'autocannon';
import type { KindContext, RequestKind } from '../requests/request-kind';
import { readCpuMs, sampleRss, waitForIdle } from './process-stats';
import type { WindowMeasure } from './window-measure';

/** Options of {@link runWindow}. */
export interface RunWindowOptions {
  readonly url: string;
  readonly pid: number;
  readonly token: string;
  readonly kind: RequestKind;
  readonly context: KindContext;
  readonly connections: number;
  readonly durationSeconds: number;
  /** Where the rotation of ids starts (each window continues where the previous one stopped). */
  readonly firstRequest?: number;
}

/**
 * Loads one agent with one kind of request for a window (autocannon, `connections` keep-alive
 * connections), measuring the agent's CPU time and peak RSS meanwhile.
 *
 * @example
 * ```ts
 * const measure = await runWindow({ url, pid, token, kind: listKind, context, connections: 10, durationSeconds: 8 });
 * ```
 */
export async function runWindow(
  options: RunWindowOptions,
): Promise<WindowMeasure & { next: number }> {
  const { kind, context } = options;
  let n = options.firstRequest ?? 0;
  const headers = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' };
  const cpuBefore = readCpuMs(options.pid);
  const rss = sampleRss(options.pid);
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    // Heavy kinds queue behind one SQLite connection: a slow answer is measured, not an error.
    timeout: 120,
    headers,
    requests: [
      {
        setupRequest: request => {
          const next = kind.request(n, context);
          n += 1;

          return {
            ...request,
            method: next.method,
            path: next.path,
            ...(next.headers ? { headers: { ...request.headers, ...next.headers } } : {}),
            body: next.body === undefined ? undefined : JSON.stringify(next.body),
          };
        },
      },
    ],
  });
  // The agent finishes what it had queued (answers autocannon no longer reads): that work is
  // the window's, and it must not spill into the next one.
  await waitForIdle(options.pid);
  const peakRssMb = rss.stop();
  const cpuMs = readCpuMs(options.pid) - cpuBefore;

  return {
    // Completed requests over the window's actual length (the per-second average of autocannon
    // rounds slow kinds, such as the CSV export, to whole requests per second).
    reqPerSec: result.requests.total / Math.max(result.duration, 0.001),
    requests: result.requests.total,
    sent: result.requests.sent,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    cpuMs,
    peakRssMb,
    next: n,
  };
}
