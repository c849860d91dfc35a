import { createAgent } from '@grove/agent';
import type { Agent } from '@grove/agent';
import { createForestServerSandbox, sandboxUser } from '@grove/agent-testing';
import type { ForestServerSandbox } from '@grove/agent-testing';
import { createSqlDataSource } from '@grove/datasource-sql';
import { signSessionToken } from '@grove/platform-client';
import { customizeShop } from './customize-shop';
import { ensureDemoDatabase } from './demo-database/ensure-demo-database';
import type { ReferenceServerConfig } from './reference-server-config';

/** A running reference server. */
export interface ReferenceServer {
  readonly agent: Agent;
  readonly platform: ForestServerSandbox;
  /** `http://host:port/forest`. */
  readonly agentUrl: string;
  /** A session token of the demo user, valid 12 hours (development only). */
  readonly token: string;
  /** Rows per table of the demo database. */
  readonly counts: Record<string, number>;
  stop(): Promise<void>;
}

/** The demo user's token lives longer than a real session (1 hour), to play with curl. */
const demoTokenLifetimeSeconds = 12 * 3600;

/**
 * Starts the platform (Grove's sandbox, until `@grove/platform` exists), seeds the demo database
 * on first start, and starts the agent over it with the shop's customizations.
 *
 * @example
 * ```ts
 * const server = await startReferenceServer(readConfig(process.env));
 * console.log(server.agentUrl);
 * ```
 */
export async function startReferenceServer(
  config: ReferenceServerConfig,
  log: (message: string) => void = () => undefined,
): Promise<ReferenceServer> {
  const { counts } = await ensureDemoDatabase(config.databaseUrl, { logger: log });
  const platform = await createForestServerSandbox(config.platformPort, { host: config.host });

  try {
    const agent = createAgent({
      authSecret: config.authSecret,
      envSecret: config.envSecret,
      serverUrl: platform.url,
      schemaPath: config.schemaPath,
      loggerLevel: 'Warn',
    }).addDataSource(createSqlDataSource(config.databaseUrl, { liveQueryConnections: 'main' }));
    customizeShop(agent);
    agent.mountOnStandaloneServer(config.agentPort, config.host);
    await agent.start();

    const { renderingId, ...user } = sandboxUser;
    const token = await signSessionToken(
      { ...user, renderingId },
      { secret: config.authSecret, expiresInSeconds: demoTokenLifetimeSeconds },
    );

    return {
      agent,
      platform,
      agentUrl: `http://${config.host}:${String(agent.port)}/forest`,
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
