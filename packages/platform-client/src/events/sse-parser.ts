/** One server-sent event. */
export interface ServerSentEvent {
  /** The `event:` name (`message` when the server sent none). */
  readonly event: string;
  /** The `data:` lines joined with `\n`. */
  readonly data: string;
}

/**
 * An incremental parser of the `text/event-stream` format: feed it chunks as they arrive, it
 * returns the events completed so far. Comments (`:`) and unknown fields are ignored.
 *
 * @example
 * ```ts
 * const parser = new SseParser();
 * parser.push('event: refresh-users\ndata: {}\n\n'); // [{ event: 'refresh-users', data: '{}' }]
 * ```
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  /** Parses a chunk and returns the events it completes. */
  push(chunk: string): ServerSentEvent[] {
    this.buffer += chunk;
    const lines = this.buffer.split(/\r\n|\r|\n/);
    // The last piece is an unfinished line (or '' after a newline): keep it for the next chunk.
    this.buffer = lines.pop() ?? '';
    const events: ServerSentEvent[] = [];
    for (const line of lines) {
      const event = this.line(line);
      if (event) events.push(event);
    }

    return events;
  }

  private line(line: string): ServerSentEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);

    return undefined;
  }

  private dispatch(): ServerSentEvent | undefined {
    const event = { event: this.event || 'message', data: this.data.join('\n') };
    const empty = this.event === '' && this.data.length === 0;
    this.event = '';
    this.data = [];

    return empty ? undefined : event;
  }
}
