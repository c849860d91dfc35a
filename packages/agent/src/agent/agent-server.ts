import type { RequestHandler } from 'express';
import express from 'express';
import type { Server } from 'node:http';
import { createExpressServer } from '@grove/platform-client';

/**
 * The standalone HTTP server of an agent: an Express app mounting the agent's handler at its
 * prefix. Port 0 picks a free port (tests); `port` is known after `listen`.
 *
 * @example
 * ```ts
 * const server = new AgentServer(handler, '/forest');
 * await server.listen(3351);
 * ```
 */
export class AgentServer {
  private server?: Server;

  constructor(
    private readonly handler: RequestHandler,
    private readonly prefix: string,
    /** Runs first at the root (the MCP server's namespaces), when given. */
    private readonly rootHandler?: RequestHandler,
  ) {}

  /** The port the server listens on (after `listen`). */
  get port(): number | undefined {
    const address = this.server?.address();

    return address && typeof address === 'object' ? address.port : undefined;
  }

  async listen(port: number, host?: string): Promise<void> {
    const app = express();
    app.disable('x-powered-by');
    // No ETag on any answer, as on the hot read routes (see sendJson): no hash of every body.
    app.set('etag', false);
    if (this.rootHandler) app.use(this.rootHandler);
    app.use(this.prefix, this.handler);
    // Requests and responses born with Express's prototypes (see createExpressServer).
    const server = createExpressServer(app);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>(resolve => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}
