import type { Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createAgent } from '@grove/agent';
import type { Agent } from '@grove/agent';
import type { Express } from 'express';
import { inMemoryDataSourceFactory } from '@grove/datasource-toolkit';
import type { McpToolsRegistrar } from '@grove/mcp-server';
import {
  authorizeMcpClient,
  InMemoryOAuthClientProvider,
  MCP_TEST_REDIRECT_URI,
} from '@grove/mcp-server/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import type { TestServer } from '../helpers/test-databases';
import { startLoginPlatform } from '../oidc/helpers/start-login-platform';
import type { LoginTestPlatform } from '../oidc/helpers/start-login-platform';

export const AUTH_SECRET = 'an-agent-auth-secret-of-32-chars!!';
export const REDIRECT = MCP_TEST_REDIRECT_URI;
/** The SDK's OAuth client provider, kept in memory (shared with the other MCP tests of Grove). */
export const TestOAuthProvider = InMemoryOAuthClientProvider;
export type TestOAuthProvider = InMemoryOAuthClientProvider;

/**
 * The test's own tool: counts books through the agent client of the context, which reaches the
 * agent as the caller (the `who` field is computed by the agent from its caller).
 */
export const registerTestTool: McpToolsRegistrar = (server, context) => {
  server.registerTool('whoAmI', { description: 'Who the agent sees' }, async () => {
    const records = await context.agent.collection('books').list({ fields: ['id', 'who'] });

    return {
      content: [{ type: 'text', text: JSON.stringify({ email: context.caller.email, records }) }],
    };
  });
};

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>(resolve => server.close(() => resolve()));

  return port;
}

/** A platform and an agent whose environment URL is where it listens. */
export interface McpWorld {
  readonly platform: LoginTestPlatform;
  readonly agent: Agent;
  readonly agentUrl: string;
  readonly admin: { email: string; password: string };
  readonly envSecret: string;
  stop(): Promise<void>;
}

/** Starts the platform and an agent on a books collection, with `mount` applied before start. */
export async function startMcpWorld(
  server: TestServer,
  mount: (agent: Agent) => void = () => undefined,
  /** Serve the agent inside this host application (`mountOnExpress`) instead of standalone. */
  host?: Express,
): Promise<McpWorld> {
  const platform = await startLoginPlatform(server);
  const bootstrap = platform.test.platform.bootstrap!;
  const port = await freePort();
  const agentUrl = `http://127.0.0.1:${port}`;
  await platform.test.platform.context.db.models.Environment.update(
    { agentUrl },
    { where: { id: bootstrap.environment.id } },
  );
  const directory = await mkdtemp(join(tmpdir(), 'grove-mcp-agent-'));
  const agent = createAgent({
    authSecret: AUTH_SECRET,
    envSecret: bootstrap.envSecret,
    serverUrl: platform.url,
    schemaPath: join(directory, '.grove-schema.json'),
    logger: () => undefined,
  });
  agent
    .addDataSource(
      inMemoryDataSourceFactory({
        collections: {
          books: {
            fields: { id: { type: 'Column', columnType: 'Number', isPrimaryKey: true } },
            records: [{ id: 1 }],
          },
        },
      }),
    )
    .customizeCollection('books', books =>
      books.addField('who', {
        columnType: 'String',
        dependencies: ['id'],
        getValues: (records, context) => records.map(() => context.caller.email),
      }),
    );
  mount(agent);
  let hostServer: Server | undefined;
  if (host) {
    agent.mountOnExpress(host);
    await agent.start();
    hostServer = await new Promise<Server>(resolve => {
      const listening = host.listen(port, '127.0.0.1', () => resolve(listening));
    });
  } else {
    agent.mountOnStandaloneServer(port, '127.0.0.1');
    await agent.start();
  }

  return {
    platform,
    agent,
    agentUrl,
    admin: { email: bootstrap.adminEmail, password: bootstrap.adminPassword },
    envSecret: bootstrap.envSecret,
    stop: async () => {
      if (hostServer) {
        hostServer.closeAllConnections();
        await new Promise(resolve => hostServer.close(resolve));
      }
      await agent.stop();
      await platform.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The whole flow with the SDK client (`authorizeMcpClient` of `@grove/mcp-server/testing`: a
 * first connect answers 401, the SDK registers on the platform, the user signs in and consents on
 * the platform's pages, the code is exchanged), then a second, authorized connect.
 */
export async function connectWithOAuth(
  mcpUrl: string,
  admin: { email: string; password: string },
  provider = new TestOAuthProvider(),
): Promise<{ client: Client; provider: TestOAuthProvider; code: string }> {
  const { code } = await authorizeMcpClient({ mcpUrl, user: admin, provider });
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider }),
  );

  return { client, provider, code };
}
