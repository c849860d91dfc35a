import type { Response } from 'express';

/** Counters of the event streams of one environment (or of all when no env secret is given). */
export interface EventStreamStats {
  /** Streams open right now. */
  readonly open: number;
  /** Streams opened since the sandbox started (a reconnect storm shows here). */
  readonly opened: number;
}

interface Stream {
  readonly envSecret: string;
  readonly response: Response;
}

/**
 * Keeps the agents' server-sent-event streams open, sends them heartbeats and fans refresh
 * events out. A stream is never closed by the sandbox before `close()`: the vendor agent
 * reconnects every 5 s and flushes its permission caches each time a stream ends.
 *
 * @example
 * ```ts
 * const hub = new EventStreamHub(15_000);
 * hub.open(envSecret, res);
 * await hub.send(envSecret, 'refresh-roles', {});
 * ```
 */
export class EventStreamHub {
  private readonly streams = new Set<Stream>();
  private readonly openedByEnv = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(heartbeatIntervalMs: number) {
    this.timer = setInterval(() => this.heartbeat(), heartbeatIntervalMs);
    this.timer.unref();
  }

  open(envSecret: string, response: Response): void {
    const stream: Stream = { envSecret, response };
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    // A first heartbeat at once: the agent logs a "buffering" error if none comes within 45 s.
    this.write(stream, 'heartbeat', {});
    this.streams.add(stream);
    this.openedByEnv.set(envSecret, (this.openedByEnv.get(envSecret) ?? 0) + 1);
    response.on('close', () => this.streams.delete(stream));
  }

  /** Sends an event to every open stream of an environment; resolves once the bytes are written. */
  async send(envSecret: string, event: string, data: unknown): Promise<number> {
    const targets = [...this.streams].filter(stream => stream.envSecret === envSecret);
    await Promise.all(targets.map(stream => this.write(stream, event, data)));

    return targets.length;
  }

  stats(envSecret?: string): EventStreamStats {
    const streams = [...this.streams].filter(
      s => envSecret === undefined || s.envSecret === envSecret,
    );
    const counts =
      envSecret === undefined
        ? [...this.openedByEnv.values()]
        : [this.openedByEnv.get(envSecret) ?? 0];

    return { open: streams.length, opened: counts.reduce((sum, count) => sum + count, 0) };
  }

  close(): void {
    clearInterval(this.timer);
    for (const stream of this.streams) stream.response.end();
    this.streams.clear();
  }

  private heartbeat(): void {
    for (const stream of this.streams) void this.write(stream, 'heartbeat', {});
  }

  private write(stream: Stream, event: string, data: unknown): Promise<void> {
    // `data` is never empty: EventSource clients drop events whose data buffer is empty.
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

    return new Promise(resolve => {
      if (stream.response.writableEnded) resolve();
      else stream.response.write(frame, () => resolve());
    });
  }
}
