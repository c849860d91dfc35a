import { createServer } from 'node:net';

import { createAgent } from '@grove/agent';
import type { Agent } from '@grove/agent';
import { createSqlDataSource } from '@grove/datasource-sql';
import { createPlatform } from '@grove/platform';
import type { Platform } from '@grove/platform';
import { signSessionToken } from '@grove/platform-client';
import { customizeShop } from './customize-shop';
import { ensureDemoDatabase } from './demo-database/ensure-demo-database';
import { demoUser } from './demo-user';
import type { DemoUser } from './demo-user';
import type { ReferenceServerConfig } from './reference-server-config';

/** A running reference server. */
export interface ReferenceServer {
  readonly agent: Agent;
  readonly platform: Platform;
  /** `http://host:port/forest`. */
  readonly agentUrl: string;
  /** The MCP endpoint AI clients connect to (OAuth through the platform). */
  readonly mcpUrl: string;
  /** The platform's admin (the demo user) and, on the platform's first start only, its password. */
  readonly admin: { readonly email: string; readonly password?: string };
  /** The demo user's session claims (the platform's admin, in the development environment). */
  readonly user: DemoUser;
  /** A session token of the demo user, valid 12 hours (development only). */
  readonly token: string;
  /** Rows per table of the demo database. */
  readonly counts: Record<string, number>;
  stop(): Promise<void>;
}

/** The demo user's token lives longer than a real session (1 hour), to play with curl. */
const demoTokenLifetimeSeconds = 12 * 3600;

/**
 * Starts the Grove platform (its SQLite file next to the demo database by default; its first
 * start creates the admin, a project and the development environment with the configured env
 * secret), seeds the demo database on first start, and starts the agent over it with the shop's
 * customizations, on that environment.
 *
 * @example
 * ```ts
 * const server = await startReferenceServer(readConfig(process.env));
 * console.log(server.agentUrl, server.admin.email);
 * ```
 */
export async function startReferenceServer(
  config: ReferenceServerConfig,
  log: (message: string) => void = () => undefined,
): Promise<ReferenceServer> {
  const { counts } = await ensureDemoDatabase(config.databaseUrl, { logger: log });
  // Port 0 (tests): the agent's port is chosen first, so that the platform records the agent's
  // real URL from the start (the MCP server's OAuth URLs are built from it).
  const agentPort = config.agentPort === 0 ? await freePort(config.host) : config.agentPort;
  const platform = await createPlatform({
    port: config.platformPort,
    host: config.host,
    publicUrl:
      config.platformPort === 0 ? undefined : `http://${config.host}:${config.platformPort}`,
    database: { url: config.platformDatabaseUrl },
    bootstrap: {
      envSecret: config.envSecret,
      agentUrl: `http://${config.host}:${agentPort}`,
    },
    logger: (level, message) => {
      if (level === 'Warn' || level === 'Error') log(`platform: ${message}`);
    },
  });

  try {
    const agent = createAgent({
      authSecret: config.authSecret,
      envSecret: config.envSecret,
      serverUrl: platform.url,
      schemaPath: config.schemaPath,
      loggerLevel: 'Warn',
    }).addDataSource(createSqlDataSource(config.databaseUrl, { liveQueryConnections: 'main' }));
    customizeShop(agent);
    // The MCP server in the agent: AI clients log in on the platform (OAuth), then use the tools.
    agent.mountAiMcpServer();
    agent.mountOnStandaloneServer(agentPort, config.host);
    await agent.start();

    const { bootstrap } = platform;
    if (bootstrap) {
      // The first start named the agent's configured port; record the one it really took.
      await platform.context.db.models.Environment.update(
        { agentUrl: `http://${config.host}:${String(agent.port)}` },
        { where: { id: bootstrap.environment.id } },
      );
    }
    const user = await demoUser(platform, config.envSecret);
    const token = await signSessionToken(user, {
      secret: config.authSecret,
      expiresInSeconds: demoTokenLifetimeSeconds,
    });

    return {
      agent,
      platform,
      agentUrl: `http://${config.host}:${String(agent.port)}/forest`,
      mcpUrl: `http://${config.host}:${String(agent.port)}/mcp`,
      admin: bootstrap
        ? { email: bootstrap.adminEmail, password: bootstrap.adminPassword }
        : { email: user.email },
      user,
      token,
      counts,
      async stop() {
        await agent.stop();
        await platform.close();
      },
    };
  } catch (error) {
    await platform.close();
    throw error;
  }
}

/** A port free on `host` right now (the system picks it). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
