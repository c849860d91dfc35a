import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { ValidationError } from '@grove/datasource-toolkit';
import type { Logger } from '@grove/datasource-toolkit';
import { expressServerOptions } from '@grove/platform-client';
import express from 'express';
import type { Express } from 'express';
import type { Redis } from 'ioredis';

import { createLoginRateLimiter } from './auth/login-rate-limiter';
import { rateLimiterFactory } from './auth/rate-limiter-factory';
import { bootstrapPlatform } from './bootstrap/bootstrap-platform';
import { startWorkflowRunSweeper } from './workflows/start-workflow-run-sweeper';
import type { BootstrapOptions, BootstrapResult } from './bootstrap/bootstrap-platform';
import { openPlatformDatabase } from './database/open-platform-database';
import { readOrCreateSetting } from './database/read-or-create-setting';
import { createMemoryEventBus } from './events/create-memory-event-bus';
import { createEventStreamCounter } from './events/event-stream-counter';
import { createRedisEventBus, EVENTS_CHANNEL } from './events/create-redis-event-bus';
import { createHostedAgentSupervisor } from './hosting/hosted-agent-supervisor';
import { buildPlatformRouter } from './http/build-platform-router';
import { oidcProvider } from './oidc/oidc-provider-registry';
import type { PlatformContext } from './platform-context';
import type { PlatformOptions } from './platform-options';
import { connectRedis } from './redis/connect-redis';
import { seedSandbox } from './sandbox/sandbox-seed';
import { SandboxState } from './sandbox/sandbox-state';

/** The setting that names a deployment (its Redis channel). */
const DEPLOYMENT_ID_SETTING = 'deployment.id';
/** The key of workflow webhook URLs: one per deployment, so that every process verifies them alike. */
const WEBHOOK_KEY_SETTING = 'workflows.webhook-key';

/** A running platform. */
export interface Platform {
  /** The Express app: mount it in your own server when no `port` was given. */
  readonly app: Express;
  /** The public URL (OIDC issuer base, links). */
  readonly url: string;
  /** The bound port, when the platform listens itself. */
  readonly port?: number;
  readonly context: PlatformContext;
  /** What the first start created (passwords and env secret shown once), or null on later starts. */
  readonly bootstrap: BootstrapResult | null;
  /** Sandbox mode only: what the test kit reads back (schemas, overrides, logs, streams). */
  readonly sandbox: SandboxState | undefined;
  /** Stops listening, ends the event streams and closes the database and Redis connections. */
  close(): Promise<void>;
}

const defaultLogger: Logger = (level, message) => {
  if (level === 'Warn' || level === 'Error') process.stderr.write(`[grove platform] ${message}\n`);
};

/**
 * Binds a server whose requests go to `handler`. A server accepts connections only once it can
 * answer them (docs/platform-protocol.md#timeouts-and-retries): a connection accepted before the
 * app is attached would wait forever, and an agent behind it would hold its writes for a timeout.
 */
function listen(
  app: Express,
  handler: RequestListener,
  port: number,
  host: string,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    // Requests and responses born with Express's prototypes (see createExpressServer).
    const server = createServer(expressServerOptions(app), handler);
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * What a platform bound before it is built answers (port 0 without `publicUrl`: the public URL
 * names the port the system picks): 503, so that nothing waits on an unanswered request.
 */
const starting: RequestListener = (_request, response) => {
  response.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'retry-after': '1',
    connection: 'close',
  });
  response.end(JSON.stringify({ errors: [{ detail: 'The platform is starting' }] }));
};

function closeServer(server: Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();

  return new Promise(resolve => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Starts the Grove platform: opens (and migrates) its database, bootstraps the first admin,
 * project and development environment on an empty database, connects the event bus (Redis when
 * `redisUrl` is set) and serves the agent protocol, login and the admin API.
 *
 * @example
 * ```ts
 * const platform = await createPlatform({ port: 3000, database: { url: 'sqlite:platform.sqlite' } });
 * if (platform.bootstrap) console.log(platform.bootstrap.adminPassword);
 * // agents: GROVE_SERVER_URL=platform.url
 * await platform.close();
 * ```
 */
export async function createPlatform(
  options: PlatformOptions & { readonly bootstrap?: BootstrapOptions | false } = {},
): Promise<Platform> {
  const logger = options.logger ?? defaultLogger;
  const host = options.host ?? '127.0.0.1';
  if (options.port === undefined && options.publicUrl === undefined) {
    throw new ValidationError(
      'createPlatform needs `publicUrl` when it does not listen itself (`port`)',
    );
  }

  const app = express();
  // A port the system picks (0) is bound first, so that the public URL (the OIDC issuer) can name
  // it; nobody knows that port yet, and until the app is built it answers 503. Any other port is
  // bound once the app can answer (below).
  const bindFirst = options.port === 0 && options.publicUrl === undefined;
  let server = bindFirst ? await listen(app, starting, 0, host) : undefined;
  const port = server ? (server.address() as AddressInfo).port : options.port;
  const mode = options.mode ?? 'standard';
  // A sandbox is reached at the host it binds (tests compare the OIDC issuer with its URL).
  const bound = host.includes(':') ? `[${host}]` : host;
  const defaultHost = mode === 'sandbox' && !['0.0.0.0', '::'].includes(host) ? bound : 'localhost';
  const publicUrl = (options.publicUrl ?? `http://${defaultHost}:${port}`).replace(/\/+$/, '');
  let db: PlatformContext['db'] | undefined;
  let events: PlatformContext['events'] | undefined;
  let counters: { client: Redis; deploymentId: string } | undefined;
  const closeHooks: Array<() => Promise<void> | void> = [];

  try {
    db = await openPlatformDatabase({
      ...options.database,
      secretKey: options.secretKey ?? options.database?.secretKey,
      logger: options.database?.logger,
    });
    if (db.envSecrets.keySource === 'database' && mode === 'standard') {
      logger(
        'Warn',
        'No secret key given (GROVE_PLATFORM_SECRET_KEY): env secrets are encrypted with a key ' +
          'stored in the same database, which protects only copies of the environments table',
      );
    }
    if (options.redisUrl) {
      // Events on the deployment's own channel; failed-login counters shared by its processes.
      const deploymentId = await readOrCreateSetting(db, DEPLOYMENT_ID_SETTING, () => randomUUID());
      events = await createRedisEventBus(
        options.redisUrl,
        logger,
        `${EVENTS_CHANNEL}:${deploymentId}`,
      );
      counters = { client: await connectRedis(options.redisUrl, logger, 'counters'), deploymentId };
    } else {
      events = createMemoryEventBus();
    }
    const bootstrap =
      options.bootstrap === false ? null : await bootstrapPlatform(db, options.bootstrap);
    if (mode === 'sandbox') await seedSandbox(db);
    const webhookKey = Buffer.from(
      await readOrCreateSetting(db, WEBHOOK_KEY_SETTING, () => randomBytes(32).toString('base64')),
      'base64',
    );
    const rateLimiter = rateLimiterFactory(counters);
    const streams = createEventStreamCounter();
    const context: PlatformContext = {
      db,
      events,
      publicUrl,
      mode,
      logger,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 15_000,
      streams,
      sandbox:
        mode === 'sandbox'
          ? new SandboxState(options.sandbox?.refreshSettleMs ?? 20, streams)
          : undefined,
      rateLimiter,
      loginLimiter: createLoginRateLimiter(rateLimiter),
      webhookKey,
      publicApiRateLimits: options.publicApiRateLimits ?? {},
      hostedAgents: createHostedAgentSupervisor({ db, logger, serverUrl: publicUrl }),
      onClose: hook => closeHooks.push(hook),
    };
    app.disable('x-powered-by');
    app.use(buildPlatformRouter(context, options.maxBodySize ?? 50 * 1024 * 1024));
    // The OpenID provider (started by the router) must be up, its keys written, before the
    // first request: a platform that cannot sign logins does not start.
    await oidcProvider(context);
    // Runs a previous process left active are ended before the first request can start one.
    await startWorkflowRunSweeper(context);
    if (server) {
      server.off('request', starting);
      server.on('request', app);
    } else if (options.port !== undefined) {
      server = await listen(app, app, options.port, host);
    }
    const listening = server;
    const boundPort = listening ? (listening.address() as AddressInfo).port : undefined;
    // Hosted agents call the platform as they start: once it serves. In the background (each
    // failure is logged and kept in the environment's hosted agent logs); close() waits for it.
    if (mode === 'standard') void context.hostedAgents.startAll();

    let closing: Promise<void> | undefined;

    return {
      app,
      url: publicUrl,
      port: boundPort,
      context,
      bootstrap,
      sandbox: context.sandbox,
      close: () => {
        closing ??= (async () => {
          // First: the hosted agents close their event streams and send their last logs.
          await context.hostedAgents.close();
          const closed = closeServer(listening);
          for (const hook of closeHooks.reverse()) await hook();
          await closed;
          await context.events.close();
          await counters?.client.quit();
          await context.db.close();
        })();

        return closing;
      },
    };
  } catch (error) {
    await closeServer(server);
    for (const hook of closeHooks.reverse()) await hook();
    await events?.close();
    counters?.client.disconnect();
    await db?.close();
    throw error;
  }
}
