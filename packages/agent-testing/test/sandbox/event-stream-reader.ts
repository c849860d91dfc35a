/** One server-sent event as received. */
export interface ReceivedEvent {
  readonly event: string;
  readonly data: string;
}

/** An open event stream of a sandbox, read in the background. */
export interface EventStreamReader {
  readonly status: number;
  readonly contentType: string | null;
  readonly events: ReceivedEvent[];
  /** Resolves once `count` events were received (rejects after 2 s). */
  waitFor(count: number): Promise<ReceivedEvent[]>;
  close(): void;
}

/** Opens `GET /liana/v4/subscribe-to-events` as an agent would and collects its events. */
export async function openEventStream(url: string, envSecret: string): Promise<EventStreamReader> {
  const controller = new AbortController();
  const response = await fetch(`${url}/liana/v4/subscribe-to-events`, {
    headers: { accept: 'text/event-stream', 'forest-secret-key': envSecret },
    signal: controller.signal,
  });
  const events: ReceivedEvent[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  const pump = async (): Promise<void> => {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const field = (name: string): string =>
          lines.find(line => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
        events.push({ event: field('event'), data: field('data') });
        end = buffer.indexOf('\n\n');
      }
    }
  };
  pump().catch(() => undefined);

  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    async waitFor(count) {
      const deadline = Date.now() + 2000;
      while (events.length < count) {
        if (Date.now() > deadline) throw new Error(`Only ${events.length} events received`);
        await new Promise(resolve => setTimeout(resolve, 5));
      }

      return events.slice(0, count);
    },
    close: () => controller.abort(),
  };
}
