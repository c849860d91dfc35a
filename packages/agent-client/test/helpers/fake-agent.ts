import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake agent received. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  /** The raw query string (without `?`). */
  readonly rawQuery: string;
  readonly query: Record<string, string>;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

/** What the fake agent answers. */
export interface FakeReply {
  readonly status?: number;
  readonly json?: unknown;
  readonly text?: string;
  readonly buffer?: Buffer;
  /** Sent as chunks, with a pause between them (streaming). */
  readonly chunks?: readonly string[];
  readonly headers?: Record<string, string>;
}

type Handler = FakeReply | ((request: RecordedRequest) => FakeReply);

/** A real HTTP server answering like an agent from canned replies, recording every request. */
export class FakeAgent {
  readonly requests: RecordedRequest[] = [];
  private readonly handlers = new Map<string, Handler>();

  constructor(private readonly server: Server) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The last request received. */
  get last(): RecordedRequest {
    const last = this.requests.at(-1);
    if (last === undefined) throw new Error('No request received');

    return last;
  }

  reply(method: string, path: string, handler: Handler): this {
    this.handlers.set(`${method} ${path}`, handler);

    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.handlers.clear();
  }

  handle(request: RecordedRequest): FakeReply {
    const handler = this.handlers.get(`${request.method} ${request.path}`);
    if (handler === undefined) return { status: 404, text: 'Not Found' };

    return typeof handler === 'function' ? handler(request) : handler;
  }

  close(): Promise<void> {
    return new Promise(resolve => this.server.close(() => resolve()));
  }
}

/** Starts a fake agent on a random port. */
export async function startFakeAgent(): Promise<FakeAgent> {
  const holder: { agent?: FakeAgent } = {};
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const text = Buffer.concat(chunks).toString('utf8');
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        rawQuery: url.search.substring(1),
        query: Object.fromEntries(url.searchParams.entries()),
        headers: req.headers,
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      };
      holder.agent?.requests.push(request);
      const reply = holder.agent?.handle(request) ?? { status: 500 };
      const headers: Record<string, string> = { ...reply.headers };
      if (reply.json !== undefined) headers['content-type'] ??= 'application/json';
      res.writeHead(reply.status ?? 200, headers);
      if (reply.chunks !== undefined) {
        const rest = [...reply.chunks];
        const next = (): void => {
          const chunk = rest.shift();
          if (chunk === undefined) res.end();
          else res.write(chunk, () => setTimeout(next, 5));
        };
        next();
      } else if (reply.json !== undefined) res.end(JSON.stringify(reply.json));
      else res.end(reply.buffer ?? reply.text ?? '');
    });
  });
  const agent = new FakeAgent(server);
  holder.agent = agent;
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', () => resolve()));

  return agent;
}
