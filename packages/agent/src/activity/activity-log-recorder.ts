import { GroveError } from '@grove/datasource-toolkit';
import type { Logger } from '@grove/datasource-toolkit';
import type { PlatformClient } from '@grove/platform-client';
import type { AgentUser } from '@grove/platform-client';
import { toActivityEntry } from './activity-operation';
import type { ActivityOperation } from './activity-operation';
import { PendingLogBatcher } from './pending-log-batcher';
import { ReadLogQueue } from './read-log-queue';
import { StatusBatcher } from './status-batcher';
import type { ReadLogQueueOptions } from './read-log-queue';

/** How strictly the agent audits: see the `activityLogs` agent option. */
export type ActivityLogsMode = 'strict' | 'best-effort' | 'off';

/** Options of {@link ActivityLogRecorder}. */
export interface ActivityLogRecorderOptions {
  readonly platform: Pick<
    PlatformClient,
    'postAgentActivityLogs' | 'setAgentActivityLogStatus' | 'setAgentActivityLogStatuses'
  > &
    // Without it the platform is taken to offer activity logs (strict auditing applies).
    Partial<Pick<PlatformClient, 'offersAgentActivityLogs' | 'serverUrl'>>;
  readonly mode: ActivityLogsMode;
  readonly logger: Logger;
  /** Batching of read logs (tests shorten the delays). */
  readonly reads?: Omit<ReadLogQueueOptions, 'send' | 'logger'>;
  /** Pause before the first retry of a status change, doubled each time (default 500 ms). */
  readonly statusRetryDelayMs?: number;
}

/** The 503 of a write whose log the platform did not take (strict mode). */
export const WRITE_NOT_LOGGED =
  "The platform did not record this operation's activity log; nothing was changed";

/** The warning of an agent whose platform takes no activity logs (the vendor's). */
export const PLATFORM_WITHOUT_ACTIVITY_LOGS =
  'takes no agent activity logs (POST /liana/v1/activity-logs answered 404, as on the ' +
  "vendor's platform): this agent records none and runs writes without them; the vendor's " +
  'frontend logs the operations made through it';

/**
 * The agent's audit trail on the platform (docs/platform-protocol.md#agent-activity-logs): a write
 * is logged `pending` before it runs — in strict mode, a write whose log the platform does not take
 * is refused (503) and does not run; in best-effort mode it runs and a warning is logged — then
 * marked `completed` or `failed` in the background (retried, never delaying the answer). Pending
 * logs of concurrent writes share platform calls ({@link PendingLogBatcher}), and so do their
 * statuses ({@link StatusBatcher}). Reads are queued and sent in batches ({@link ReadLogQueue}).
 * Mode `off` records nothing. Built once per agent start, when it asks the platform whether it
 * takes activity logs at all: one that does not (the vendor's, a 404) is warned about once and
 * then gets none, writes running as with `off` (docs/decisions.md#d31-platforms-without-agent-activity-logs);
 * no answer leaves strict auditing on and asks again before the next write.
 *
 * @example
 * ```ts
 * const recorder = new ActivityLogRecorder({ platform, mode: 'strict', logger });
 * const result = await recorder.write(user, { action: 'delete', collectionName: 'books',
 *   recordIds: ['1'], label: 'deleted' }, () => books.delete(caller, filter));
 * recorder.read(user, { action: 'index', collectionName: 'books' });
 * await recorder.close();
 * ```
 */
export class ActivityLogRecorder {
  readonly mode: ActivityLogsMode;
  private readonly reads: ReadLogQueue | undefined;
  private readonly pending: PendingLogBatcher;
  private readonly statuses: StatusBatcher;
  /** Whether the platform takes activity logs: `undefined` until it answered the probe. */
  private offered: boolean | undefined;
  private probing?: Promise<void>;

  constructor(private readonly options: ActivityLogRecorderOptions) {
    this.mode = options.mode;
    if (options.mode === 'off' || !options.platform.offersAgentActivityLogs) this.offered = true;
    else void this.probe();
    this.pending = new PendingLogBatcher({
      send: entries => options.platform.postAgentActivityLogs(entries),
    });
    this.statuses = new StatusBatcher({
      platform: options.platform,
      logger: options.logger,
      ...(options.statusRetryDelayMs === undefined
        ? {}
        : { retryDelayMs: options.statusRetryDelayMs }),
    });
    this.reads =
      options.mode === 'off'
        ? undefined
        : new ReadLogQueue({
            ...options.reads,
            logger: options.logger,
            send: entries => options.platform.postAgentActivityLogs(entries),
          });
  }

  /**
   * Runs a write between its `pending` log and its final status, and answers its result (or
   * rethrows its error; a result `isFailure` says is a failure, such as an action's error
   * result, is logged `failed` too). Throws a 503 `ServiceUnavailableError` without running it
   * when the platform did not take the log (strict mode).
   */
  async write<T>(
    user: AgentUser,
    operation: ActivityOperation,
    run: () => Promise<T>,
    isFailure: (result: T) => boolean = () => false,
  ): Promise<T> {
    if (this.mode === 'off') return run();
    if (this.offered === undefined) await this.probe();
    if (this.offered === false) return run();
    let id: string | undefined;
    try {
      id = await this.pending.add(toActivityEntry(user, 'write', 'pending', operation));
    } catch (error) {
      if (this.mode === 'strict') {
        throw new GroveError('ServiceUnavailableError', WRITE_NOT_LOGGED, { cause: error });
      }
      this.options.logger(
        'Warn',
        `The platform did not record the activity log of "${operation.action}" on ` +
          `${operation.collectionName ?? 'the data source'}; running it anyway (best-effort auditing)`,
        error,
      );
    }
    let result: T;
    try {
      result = await run();
    } catch (error) {
      if (id) this.statuses.push(id, 'failed');
      throw error;
    }
    if (id) this.statuses.push(id, isFailure(result) ? 'failed' : 'completed');

    return result;
  }

  /** Queues the log of a read that ran (sent in a batch later). */
  read(user: AgentUser, operation: ActivityOperation): void {
    if (this.offered === false) return;
    this.reads?.push(toActivityEntry(user, 'read', 'completed', operation));
  }

  /** Asks the platform once whether it takes activity logs (concurrent callers share it). */
  private probe(): Promise<void> {
    this.probing ??= (async () => {
      const { platform, logger } = this.options;
      const offered = await platform.offersAgentActivityLogs?.().catch(() => undefined);
      if (offered !== undefined) this.offered = offered;
      if (offered === false) {
        const url = platform.serverUrl;
        logger(
          'Warn',
          `${url ? `The platform at ${url}` : 'The platform'} ${PLATFORM_WITHOUT_ACTIVITY_LOGS}`,
        );
      }
    })().finally(() => {
      this.probing = undefined;
    });

    return this.probing;
  }

  /** Sends the queued read logs now, and waits for the status changes under way. */
  async flush(): Promise<void> {
    await this.reads?.flush(true);
    await this.statuses.idle();
  }

  /** Waits for the status changes under way, sends the queued read logs and stops the timer. */
  async close(): Promise<void> {
    await this.statuses.idle();
    await this.reads?.close();
  }
}
