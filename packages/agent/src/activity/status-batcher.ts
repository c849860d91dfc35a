import type { Logger } from '@grove/datasource-toolkit';
import type {
  AgentActivityLogStatusOutcome,
  AgentActivityLogStatusUpdate,
  PlatformClient,
} from '@grove/platform-client';
import { MAX_AGENT_ACTIVITY_LOGS } from '@grove/platform-client';
import { isRetryable } from './is-retryable';

/** Options of {@link StatusBatcher}. */
export interface StatusBatcherOptions {
  readonly platform: Pick<
    PlatformClient,
    'setAgentActivityLogStatus' | 'setAgentActivityLogStatuses'
  >;
  readonly logger: Logger;
  /** Pause before the first retry of a failed call, doubled each time (default 500 ms). */
  readonly retryDelayMs?: number;
  /**
   * Least time between the starts of two calls (default 100 ms): the statuses arriving meanwhile
   * go together in the next call. `idle()` sends them without waiting.
   */
  readonly minIntervalMs?: number;
}

const ATTEMPTS = 5;

function isMissingRoute(error: unknown): boolean {
  return (error as { data?: { status?: unknown } } | undefined)?.data?.status === 404;
}

/**
 * The final statuses of written logs, sent in the background in batches: a status is sent at once
 * when no call was made in the last `minIntervalMs`; the statuses that arrive within that time of
 * a call go together in the next one (up to 500), so that under load the platform takes about 10
 * status calls a second, not one per write or two. A failed call (no answer,
 * 5xx, 429) is retried 5 times with a doubling pause; a status the platform cannot apply (the log
 * is gone or no longer pending) is warned about, never retried. A platform without the batch route
 * (404) gets one call per status from then on.
 *
 * @example
 * ```ts
 * const statuses = new StatusBatcher({ platform, logger });
 * statuses.push('12', 'completed');
 * await statuses.idle();
 * ```
 */
export class StatusBatcher {
  private readonly queued: AgentActivityLogStatusUpdate[] = [];
  private sending?: Promise<void>;
  private batchRoute = true;
  /** Ends the pause between two calls early (set while one runs). */
  private wake?: () => void;
  private hurry = false;

  constructor(private readonly options: StatusBatcherOptions) {}

  /** Queues the final status of a pending log; sent at once when no call is under way. */
  push(id: string, status: 'completed' | 'failed'): void {
    this.queued.push({ id, status });
    this.sending ??= this.drain().finally(() => {
      this.sending = undefined;
    });
  }

  /** Sends every queued status now (no pause between calls) and resolves once they were sent (or given up). */
  async idle(): Promise<void> {
    while (this.sending) {
      this.hurry = true;
      this.wake?.();
      await this.sending;
    }
    this.hurry = false;
  }

  private async drain(): Promise<void> {
    const intervalMs = this.options.minIntervalMs ?? 100;
    while (this.queued.length > 0) {
      const startedAt = Date.now();
      await this.send(this.queued.splice(0, MAX_AGENT_ACTIVITY_LOGS));
      const restMs = startedAt + intervalMs - Date.now();
      // A full batch waiting goes at once; so does everything when idle() asks.
      if (restMs > 0 && !this.hurry && this.queued.length < MAX_AGENT_ACTIVITY_LOGS) {
        await new Promise<void>(resolve => {
          const timer = setTimeout(resolve, restMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = undefined;
      }
    }
  }

  private async send(batch: readonly AgentActivityLogStatusUpdate[]): Promise<void> {
    let delayMs = this.options.retryDelayMs ?? 500;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const outcomes = this.batchRoute
          ? await this.options.platform.setAgentActivityLogStatuses(batch)
          : await this.sendOneByOne(batch);
        this.warnUnapplied(batch, outcomes);

        return;
      } catch (error) {
        if (this.batchRoute && isMissingRoute(error)) {
          this.batchRoute = false;
          continue;
        }
        if (!isRetryable(error) || attempt === ATTEMPTS) {
          const ids = batch.map(update => update.id).join(', ');
          this.options.logger(
            'Warn',
            `The activity logs ${ids} could not be given their final status (they stay pending)`,
            error,
          );

          return;
        }
        await new Promise(resolve => setTimeout(resolve, delayMs));
        delayMs *= 2;
      }
    }
  }

  /** A platform without the batch route: one call per status, a refused one is not_pending. */
  private async sendOneByOne(
    batch: readonly AgentActivityLogStatusUpdate[],
  ): Promise<AgentActivityLogStatusOutcome[]> {
    return Promise.all(
      batch.map(async ({ id, status }): Promise<AgentActivityLogStatusOutcome> => {
        try {
          await this.options.platform.setAgentActivityLogStatus(id, status);

          return 'updated';
        } catch (error) {
          if (isRetryable(error)) throw error;

          return isMissingRoute(error) ? 'not_found' : 'not_pending';
        }
      }),
    );
  }

  private warnUnapplied(
    batch: readonly AgentActivityLogStatusUpdate[],
    outcomes: readonly AgentActivityLogStatusOutcome[],
  ): void {
    for (const [index, { id, status }] of batch.entries()) {
      const outcome = outcomes[index];
      if (outcome === 'updated') continue;
      this.options.logger(
        'Warn',
        `The activity log ${id} could not be marked ${status} ` +
          `(${outcome === 'not_pending' ? 'it is no longer pending' : 'the platform has no such log'})`,
      );
    }
  }
}
