import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake platform received. */
export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
}

/** Answers one route: `(request, response)`; unknown routes answer 404. */
export type FakeRoute = (request: ReceivedRequest, response: ServerResponse) => void;

/** A real local HTTP server answering the contract's shapes, for the CLI's message tests. */
export interface FakePlatform {
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** Routes by `METHOD /path` (path without query). */
  readonly routes: Map<string, FakeRoute>;
  close(): Promise<void>;
}

/** Writes a JSON answer. */
export function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Starts a fake platform on a random port. */
export async function startFakePlatform(): Promise<FakePlatform> {
  const requests: ReceivedRequest[] = [];
  const routes = new Map<string, FakeRoute>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', chunk => chunks.push(chunk as Buffer));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      const route = routes.get(`${request.method} ${request.url.split('?')[0]}`);
      if (route) route(request, res);
      else json(res, 404, { errors: [{ status: 404, code: 'NotFound', detail: 'Not found' }] });
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    routes,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
