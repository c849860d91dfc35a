import type { AgentActivityLogEntry } from '@grove/platform-client';
import { MAX_AGENT_ACTIVITY_LOGS } from '@grove/platform-client';
import { isRetryable } from './is-retryable';

/** Options of {@link PendingLogBatcher}. */
export interface PendingLogBatcherOptions {
  /** Stores entries on the platform, all or nothing, and answers their ids in order. */
  readonly send: (entries: readonly AgentActivityLogEntry[]) => Promise<string[]>;
  /** Calls under way at most; entries arriving meanwhile wait for the next call (default 1). */
  readonly maxInFlight?: number;
}

interface Waiter {
  readonly entry: AgentActivityLogEntry;
  resolve(id: string): void;
  reject(error: unknown): void;
}

/**
 * Group commit of the `pending` logs of writes (docs/decisions.md#d19-audited-writes): a log is
 * sent at once when no call is under way; logs of writes that arrive while one is share the next
 * call (up to 500 per call). Each write still waits until the platform has stored its own log,
 * so nothing about strict auditing changes; under load the platform takes one call for many
 * writes instead of one each. A call the platform refuses (4xx) is retried entry by entry, so an
 * entry it refuses (a user removed from the team, say) fails only its own write.
 *
 * @example
 * ```ts
 * const batcher = new PendingLogBatcher({ send: entries => platform.postAgentActivityLogs(entries) });
 * const id = await batcher.add(entry); // rejects with the platform's error
 * ```
 */
export class PendingLogBatcher {
  private readonly waiting: Waiter[] = [];
  private readonly maxInFlight: number;
  private inFlight = 0;

  constructor(private readonly options: PendingLogBatcherOptions) {
    this.maxInFlight = options.maxInFlight ?? 1;
  }

  /** Stores one pending log and answers its id (or the platform's error). */
  add(entry: AgentActivityLogEntry): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      this.waiting.push({ entry, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_AGENT_ACTIVITY_LOGS);
      this.inFlight += 1;
      void this.sendBatch(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  private async sendBatch(batch: readonly Waiter[]): Promise<void> {
    let ids: string[];
    try {
      ids = await this.options.send(batch.map(waiter => waiter.entry));
    } catch (error) {
      if (batch.length > 1 && !isRetryable(error)) {
        // All or nothing refused the whole call: each entry on its own gets its own answer.
        await Promise.all(batch.map(waiter => this.sendBatch([waiter])));
      } else {
        for (const waiter of batch) waiter.reject(error);
      }

      return;
    }
    if (ids.length !== batch.length) {
      const error = new Error(`The platform answered ${ids.length} ids for ${batch.length} logs`);
      for (const waiter of batch) waiter.reject(error);

      return;
    }
    for (const [index, waiter] of batch.entries()) waiter.resolve(ids[index]!);
  }
}
