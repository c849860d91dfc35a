/** One server-sent event as received. */
export interface ReceivedEvent {
  event: string;
  data: string;
}

/** An open event stream of the platform, read frame by frame. */
export interface SseReader {
  readonly response: Response;
  /** Resolves with the next event, or null once the stream ended. */
  next(): Promise<ReceivedEvent | null>;
  /** Reads until an event matches (skipping others); null if the stream ends first. */
  until(match: (event: ReceivedEvent) => boolean): Promise<ReceivedEvent | null>;
  /** Disconnects like a client that goes away. */
  abort(): void;
}

/** Opens `GET /liana/v4/subscribe-to-events` with the env secret. */
export async function openEventStream(url: string, secret: string): Promise<SseReader> {
  const controller = new AbortController();
  const response = await fetch(`${url}/liana/v4/subscribe-to-events`, {
    headers: { 'forest-secret-key': secret, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';

  const next = async (): Promise<ReceivedEvent | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        const field = (name: string) =>
          lines
            .filter(line => line.startsWith(`${name}: `))
            .map(line => line.slice(name.length + 2))
            .join('\n');

        return { event: field('event'), data: field('data') };
      }
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch {
        return null;
      }
      if (chunk.done) return null;
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };

  return {
    response,
    next,
    async until(match) {
      for (;;) {
        const event = await next();
        if (event === null || match(event)) return event;
      }
    },
    abort: () => controller.abort(),
  };
}
