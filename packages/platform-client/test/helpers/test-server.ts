import express from 'express';
import type { Express } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export const secret = 'a'.repeat(64);

/** Starts an express server on a random port that records every request it receives. */
export async function startServer(configure: (app: Express) => void): Promise<TestServer> {
  const app = express();
  const requests: RecordedRequest[] = [];
  app.use(express.json({ type: ['application/json'] }));
  app.use(express.urlencoded({ extended: false }));
  app.use((req, _res, next) => {
    requests.push({ method: req.method, path: req.path, headers: req.headers, body: req.body });
    next();
  });
  configure(app);
  const server: Server = await new Promise(resolve => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
