/** What one load window measured on one target. */
export interface WindowMeasure {
  readonly reqPerSec: number;
  /** Requests completed in the window. */
  readonly requests: number;
  /**
   * Requests sent: the completed ones and those in flight when the window closed, which the
   * agent still serves (and spends CPU on) before it is idle again.
   */
  readonly sent: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Non-2xx answers, connection errors and timeouts: a window with any is flagged. */
  readonly errors: number;
  /** The agent's CPU time (utime + stime) from the window's start until it is idle again, ms. */
  readonly cpuMs: number;
  readonly peakRssMb: number;
}

/** The windows of one target on one kind, summarised for the table. */
export interface KindMeasure {
  readonly windows: readonly WindowMeasure[];
  /** Mean req/s over the windows, and its spread. */
  readonly reqPerSec: number;
  readonly minReqPerSec: number;
  readonly maxReqPerSec: number;
  /** Mean of the windows' p50, and the worst window's p99 (NaN when no request completed). */
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  /** Agent CPU over all windows divided by the requests sent (see {@link WindowMeasure.sent}). */
  readonly cpuMsPerRequest: number;
  readonly peakRssMb: number;
}

/**
 * Summarises the windows of one target on one kind.
 *
 * @example
 * ```ts
 * summarizeWindows([w1, w2]).reqPerSec; // (w1.reqPerSec + w2.reqPerSec) / 2
 * ```
 */
export function summarizeWindows(windows: readonly WindowMeasure[]): KindMeasure {
  const rates = windows.map(w => w.reqPerSec);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const sent = sum(windows.map(w => w.sent));
  // A window in which no request completed has no latency (autocannon reports 0).
  const answered = windows.filter(w => w.requests > 0);

  return {
    windows,
    reqPerSec: sum(rates) / windows.length,
    minReqPerSec: Math.min(...rates),
    maxReqPerSec: Math.max(...rates),
    p50Ms: answered.length === 0 ? Number.NaN : sum(answered.map(w => w.p50Ms)) / answered.length,
    p99Ms: answered.length === 0 ? Number.NaN : Math.max(...answered.map(w => w.p99Ms)),
    errors: sum(windows.map(w => w.errors)),
    cpuMsPerRequest: sent === 0 ? Number.NaN : sum(windows.map(w => w.cpuMs)) / sent,
    peakRssMb: Math.max(...windows.map(w => w.peakRssMb)),
  };
}
