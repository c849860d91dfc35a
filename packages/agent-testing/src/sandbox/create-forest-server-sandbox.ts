import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { EventStreamHub, type EventStreamStats } from './event-stream-hub';
import type { PermissionOverride } from './permission-override';
import { activityLogRoutes } from './routes/activity-log-routes';
import { eventStreamRoute } from './routes/event-stream-route';
import { loginRoutes } from './routes/login-routes';
import { permissionRoutes } from './routes/permission-routes';
import { schemaRoutes } from './routes/schema-routes';
import { startupRoutes } from './routes/startup-routes';
import { testKitRoutes } from './routes/test-kit-routes';
import type { SandboxContext, SandboxLogger } from './sandbox-context';
import type { SandboxSchema } from './sandbox-schema';
import { SandboxStore, type SandboxActivityLog } from './sandbox-store';

/** Options of {@link createForestServerSandbox}. */
export interface ForestServerSandboxOptions {
  /** Host to bind (default `127.0.0.1`). */
  readonly host?: string;
  /** Period of the event-stream heartbeats (default 15 s; the agent expects one within 45 s). */
  readonly heartbeatIntervalMs?: number;
  /** Pause after refresh events before answering an override (default 20 ms). */
  readonly refreshSettleMs?: number;
  /** Receives log lines; unknown routes are logged at `Debug` (default: warnings to stderr). */
  readonly logger?: SandboxLogger;
}

/** A running sandbox of the platform server. */
export interface ForestServerSandbox {
  /** The bound port (the real one when 0 was asked). */
  readonly port: number;
  /** `http://<host>:<port>`: the agent's server URL (`GROVE_SERVER_URL`). */
  readonly url: string;
  /** Counters of the agents' event streams, for one environment or all of them. */
  eventStreams(envSecret?: string): EventStreamStats;
  /** What the sandbox knows of an environment's schema (from an upload or the test client). */
  schema(envSecret: string): SandboxSchema | undefined;
  /** The permission override currently applied to an environment. */
  permissionOverride(envSecret: string): PermissionOverride;
  /** Activity logs posted so far. */
  activityLogs(): readonly SandboxActivityLog[];
  /** `METHOD path` of every request no route answered (a 404), for debugging an agent. */
  readonly unhandledRequests: readonly string[];
  /** Ends the event streams and stops listening. */
  close(): Promise<void>;
  /** Alias of {@link ForestServerSandbox.close}. */
  stop(): Promise<void>;
}

const defaultLogger: SandboxLogger = (level, message) => {
  if (level === 'Warn' || level === 'Error') process.stderr.write(`[grove sandbox] ${message}\n`);
};

/**
 * Starts a local stand-in of the platform server that answers everything an agent needs to
 * start and serve: schema hash check and upload, permissions (everything allowed by default),
 * an event stream with heartbeats, the IP whitelist (off), login discovery and registration,
 * and activity logs. Start it before the agent; point the agent's server URL at `sandbox.url`.
 *
 * @param port - the port to listen on; 0 picks a free one (read it back from `sandbox.port`)
 * @example
 * ```ts
 * const sandbox = await createForestServerSandbox(0);
 * process.env.GROVE_SERVER_URL = sandbox.url;
 * // … start the agent, run the tests …
 * await sandbox.close();
 * ```
 */
export async function createForestServerSandbox(
  port: number,
  options: ForestServerSandboxOptions = {},
): Promise<ForestServerSandbox> {
  const host = options.host ?? '127.0.0.1';
  const logger = options.logger ?? defaultLogger;
  const store = new SandboxStore();
  const hub = new EventStreamHub(options.heartbeatIntervalMs ?? 15_000);
  const context: SandboxContext = {
    store,
    hub,
    logger,
    refreshSettleMs: options.refreshSettleMs ?? 20,
  };
  const unhandledRequests: string[] = [];

  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '50mb' }));
  app.use(eventStreamRoute(context));
  app.use(startupRoutes(), schemaRoutes(context), permissionRoutes(context), loginRoutes());
  app.use(activityLogRoutes(context), testKitRoutes(context));
  app.use((req: Request, res: Response) => {
    unhandledRequests.push(`${req.method} ${req.path}`);
    logger('Debug', `No route for ${req.method} ${req.originalUrl}`);
    res
      .status(404)
      .json({ errors: [{ detail: `Sandbox: no route for ${req.method} ${req.path}` }] });
  });
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: unknown }).status;
    const message = error instanceof Error ? error.message : String(error);
    logger(typeof status === 'number' && status < 500 ? 'Debug' : 'Error', message);
    res.status(typeof status === 'number' ? status : 500).json({ errors: [{ detail: message }] });
  });

  const server = await new Promise<import('node:http').Server>((resolve, reject) => {
    const listening = app.listen(port, host, (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  const boundPort = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>(resolve => {
      hub.close();
      server.close(() => resolve());
      server.closeAllConnections();
    });

    return closing;
  };

  return {
    port: boundPort,
    url: `http://${host}:${boundPort}`,
    eventStreams: envSecret => hub.stats(envSecret),
    schema: envSecret => store.environment(envSecret).schema,
    permissionOverride: envSecret => store.environment(envSecret).override,
    activityLogs: () => [...store.activityLogs],
    unhandledRequests,
    close,
    stop: close,
  };
}
