import type { Logger } from '@grove/datasource-toolkit';
import type { AgentActivityLogEntry } from '@grove/platform-client';
import { isRetryable } from './is-retryable';

/** Options of {@link ReadLogQueue}. */
export interface ReadLogQueueOptions {
  readonly send: (entries: readonly AgentActivityLogEntry[]) => Promise<unknown>;
  readonly logger: Logger;
  /** Entries per call, and the queue length that triggers a flush at once (default 100). */
  readonly batchSize?: number;
  /** How often the queue is flushed (default 1 000 ms). */
  readonly flushIntervalMs?: number;
  /** Entries kept at most; past it new entries are dropped and counted (default 10 000). */
  readonly maxQueued?: number;
  /** First pause after a failed call; doubled on each failure up to 30 s (default 1 000 ms). */
  readonly retryDelayMs?: number;
}

const MAX_RETRY_DELAY_MS = 30_000;

/**
 * The logs of reads, sent in batches: every second or once 100 are waiting, retried with
 * exponential backoff while the platform is unreachable or failing (5xx, 429), in a bounded
 * queue. Nothing is dropped silently: entries that do not fit, or that the platform refuses
 * (4xx), are counted in a warning.
 *
 * @example
 * ```ts
 * const queue = new ReadLogQueue({ send: entries => platform.postAgentActivityLogs(entries), logger });
 * queue.push(entry);
 * await queue.close();
 * ```
 */
export class ReadLogQueue {
  private readonly entries: AgentActivityLogEntry[] = [];
  private readonly batchSize: number;
  private readonly maxQueued: number;
  private readonly retryDelayMs: number;
  private readonly timer: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private retryAt = 0;
  private delayMs: number;

  constructor(private readonly options: ReadLogQueueOptions) {
    this.batchSize = options.batchSize ?? 100;
    this.maxQueued = options.maxQueued ?? 10_000;
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.delayMs = this.retryDelayMs;
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 1000);
    // The queue never keeps a process alive: `close()` sends what is left.
    this.timer.unref();
  }

  /** Entries waiting to be sent. */
  get size(): number {
    return this.entries.length;
  }

  /** Queues one entry (dropped with a warning when the queue is full). */
  push(entry: AgentActivityLogEntry): void {
    if (this.entries.length >= this.maxQueued) {
      this.warnDropped(1, `the queue of read activity logs is full (${this.maxQueued} entries)`);

      return;
    }
    this.entries.push(entry);
    if (this.entries.length >= this.batchSize) void this.send(false, true);
  }

  /**
   * Sends the entries waiting now, batch by batch, after the send under way if any, unless a
   * retry pause is running (`force` sends anyway). Entries queued meanwhile wait for the next
   * flush.
   */
  async flush(force = false): Promise<void> {
    while (this.flushing) await this.flushing;
    await this.send(force, false);
  }

  /** One send at a time: a flush asked for while one runs is that one. */
  private send(force: boolean, fullBatchesOnly: boolean): Promise<void> {
    this.flushing ??= this.sendAll(force, fullBatchesOnly).finally(() => {
      this.flushing = undefined;
    });

    return this.flushing;
  }

  /** Stops the timer and sends what is left (one attempt); warns about what could not be sent. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush(true);
    if (this.entries.length > 0) {
      this.warnDropped(
        this.entries.length,
        'the platform could not take them before the agent stopped',
      );
      this.entries.length = 0;
    }
  }

  /**
   * Sends what is queued when it starts, or, when a full batch triggered it, full batches as long
   * as there are: never the few reads that arrived during the previous call (under load that made
   * one platform call per 10–20 reads instead of one per 100).
   */
  private async sendAll(force: boolean, fullBatchesOnly: boolean): Promise<void> {
    if (!force && Date.now() < this.retryAt) return;
    let due = this.entries.length;
    const more = () =>
      fullBatchesOnly ? this.entries.length >= this.batchSize : due > 0 && this.entries.length > 0;
    while (more()) {
      const batch = this.entries.splice(
        0,
        fullBatchesOnly ? this.batchSize : Math.min(this.batchSize, due),
      );
      due -= batch.length;
      try {
        await this.options.send(batch);
        this.delayMs = this.retryDelayMs;
        this.retryAt = 0;
      } catch (error) {
        if (!isRetryable(error)) {
          this.warnDropped(batch.length, 'the platform refused them', error);
          continue;
        }
        // Back at the front, in order; retried after a pause (doubled on each failure).
        this.entries.unshift(...batch);
        this.retryAt = Date.now() + this.delayMs;
        this.delayMs = Math.min(this.delayMs * 2, MAX_RETRY_DELAY_MS);
        this.options.logger(
          'Debug',
          `Read activity logs not sent (${this.entries.length} waiting); retrying later`,
          error,
        );

        return;
      }
    }
  }

  private warnDropped(count: number, reason: string, error?: unknown): void {
    this.options.logger(
      'Warn',
      `Dropped ${count} read activity log entr${count === 1 ? 'y' : 'ies'}: ${reason}`,
      error,
    );
  }
}
