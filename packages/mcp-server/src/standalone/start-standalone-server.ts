import type { Server } from 'node:http';
import { createExpressServer } from '@grove/platform-client';
import type { AddressInfo } from 'node:net';

import express from 'express';

import { createMcpRouter } from '../create-mcp-router';
import type { McpRouterOptions } from '../options/mcp-router-options';

/** A running standalone MCP server. */
export interface StandaloneServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Serves {@link createMcpRouter} on its own HTTP server (all interfaces unless `host`), for a
 * remote agent reached over HTTP; anything outside the MCP namespaces is a 404.
 *
 * @example
 * ```ts
 * const server = await startStandaloneServer(readStandaloneConfig(process.env).router, 3931);
 * ```
 */
export async function startStandaloneServer(
  options: McpRouterOptions,
  port: number,
  host?: string,
): Promise<StandaloneServer> {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 1);
  app.use(await createMcpRouter(options));
  app.use((_req, res) => {
    res.status(404).json({ error: 'not_found' });
  });
  const server: Server = createExpressServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });

  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>(resolve => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
