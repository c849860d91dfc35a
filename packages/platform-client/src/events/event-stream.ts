import type { Logger } from '@grove/datasource-toolkit';
import type { PlatformHttp } from '../http/platform-http';
import { SseParser } from './sse-parser';
import type { ServerSentEvent } from './sse-parser';

/** Options of {@link EventStream}. */
export interface EventStreamOptions {
  readonly http: PlatformHttp;
  readonly logger: Logger;
  /** Called for every event, heartbeats included. */
  readonly onEvent: (event: ServerSentEvent) => void;
  /** Called when the stream opens again after a loss: events may have been missed. */
  readonly onReopen: () => void;
  /** First reconnection delay (default 1 000 ms), doubled per failure up to `maxDelayMs`. */
  readonly initialDelayMs?: number;
  /**
   * Cap of the reconnection delay (default 5 000 ms, the vendor's fixed interval): once the
   * platform is back, the stream is open again within this delay.
   */
  readonly maxDelayMs?: number;
  /**
   * Longest wait for the stream's headers (default 5 000 ms): an opening that gets no answer is
   * aborted and retried like a failure, so that a reconnection landing on a server that accepts
   * and does not answer does not leave the agent without events.
   */
  readonly openTimeoutMs?: number;
  /** Log an error when no heartbeat arrives this long after opening (default 45 000 ms). */
  readonly heartbeatTimeoutMs?: number;
}

const path = '/liana/v4/subscribe-to-events';

/**
 * The client of the platform's event stream. It reconnects with capped exponential backoff
 * after a close, an error, a 404, any other status or an opening that timed out, never throws,
 * and `close()` aborts the request and clears every timer it holds
 * (docs/platform-protocol.md#event-stream).
 *
 * @example
 * ```ts
 * const stream = new EventStream({ http, logger, onEvent: e => console.log(e), onReopen });
 * stream.open();
 * await stream.close();
 * ```
 */
export class EventStream {
  private closed = false;
  private failures = 0;
  private opened = false;
  private controller?: AbortController;
  private reconnectTimer?: NodeJS.Timeout;
  private heartbeatTimer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(private readonly options: EventStreamOptions) {}

  /** Starts listening; returns at once (the stream opens in the background). */
  open(): void {
    if (this.closed || this.running) return;
    this.running = this.connect();
  }

  /** Stops for good: aborts the request, clears timers, waits for the reader to finish. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.heartbeatTimer);
    this.controller?.abort();
    await this.running;
  }

  private async connect(): Promise<void> {
    const { http, logger } = this.options;
    const url = http.url(path);
    this.controller = new AbortController();
    try {
      const response = await http.openStream(
        path,
        this.controller.signal,
        this.options.openTimeoutMs ?? 5_000,
      );
      if (response.status !== 200) {
        response.discard();
        const hint = response.status === 404 ? ' (no event endpoint: is the URL right?)' : '';
        logger('Warn', `the platform at ${url} answered ${response.status}${hint}`);
      } else {
        await this.read(response.chunks);
      }
    } catch (error) {
      if (!this.closed) logger('Warn', `cannot reach the platform at ${url}`, error);
    } finally {
      clearTimeout(this.heartbeatTimer);
      this.running = undefined;
      this.scheduleReconnect();
    }
  }

  private async read(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void> {
    this.failures = 0;
    if (this.opened) this.options.onReopen();
    this.opened = true;
    this.heartbeatTimer = setTimeout(() => {
      this.options.logger('Error', 'no heartbeat from the event stream: is a proxy buffering it?');
    }, this.options.heartbeatTimeoutMs ?? 45_000);

    const parser = new SseParser();
    const decoder = new TextDecoder();
    for await (const chunk of body) {
      for (const event of parser.push(decoder.decode(chunk, { stream: true }))) {
        if (event.event === 'heartbeat') clearTimeout(this.heartbeatTimer);
        this.dispatch(event);
      }
    }
  }

  private dispatch(event: ServerSentEvent): void {
    try {
      this.options.onEvent(event);
    } catch (error) {
      // A failing handler must not end the stream nor escape into the process.
      this.options.logger('Error', `event handler failed on '${event.event}'`, error);
    }
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    const initial = this.options.initialDelayMs ?? 1_000;
    const delay = Math.min(initial * 2 ** this.failures, this.options.maxDelayMs ?? 5_000);
    this.failures += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.open();
    }, delay);
  }
}
