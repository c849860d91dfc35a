import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createAgent } from '@grove/agent';
import { inMemoryDataSourceFactory } from '@grove/datasource-toolkit';
import { createMcpRouter, startStandaloneServer } from '@grove/mcp-server';
import { decodeJwt } from 'jose';
import type { StandaloneServer } from '@grove/mcp-server';

import { availableServers } from '../helpers/test-databases';
import type { McpWorld } from './mcp-test-setup';
import {
  AUTH_SECRET,
  REDIRECT,
  TestOAuthProvider,
  connectWithOAuth,
  freePort,
  registerTestTool,
  startMcpWorld,
} from './mcp-test-setup';

const BIN = join(__dirname, '../../../mcp-server/dist/bin/grove-mcp-server.js');

/** Runs the built bin until it logs a line or exits: its output and exit code. */
function runBin(env: Record<string, string>, until: RegExp) {
  return new Promise<{ out: string; code: number | null }>(resolve => {
    const child = spawn(process.execPath, [BIN], { env: { PATH: process.env.PATH!, ...env } });
    let out = '';
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (until.test(out)) {
        child.kill();
        resolve({ out, code: null });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', code => resolve({ out, code }));
  });
}

/** The standalone server, in front of a remote agent reached over HTTP. */
describe.each(availableServers())('Standalone MCP server on $name', server => {
  let world: McpWorld;
  let standalone: StandaloneServer;
  let origin: string;

  beforeAll(async () => {
    world = await startMcpWorld(server);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    standalone = await startStandaloneServer(
      {
        serverUrl: world.platform.url,
        envSecret: world.envSecret,
        publicUrl: origin,
        registerTools: registerTestTool,
        tokenTtl: { accessTokenSeconds: 120, refreshTokenSeconds: 600 },
      },
      port,
      '127.0.0.1',
    );
  });
  afterAll(async () => {
    await standalone?.close();
    await world?.stop();
  });

  it('runs the whole OAuth flow and calls the agent over HTTP as the user, with capped lifetimes', async () => {
    const { client, provider } = await connectWithOAuth(`${origin}/mcp`, world.admin);
    expect(provider.saved!.expires_in).toBe(120);
    // The session cap (600 s from the login) bounds the refresh token.
    const refresh = decodeJwt(provider.saved!.refresh_token!);
    expect(refresh.exp! - (refresh.sst as number)).toBeLessThanOrEqual(600);
    const result = await client.callTool({ name: 'whoAmI', arguments: {} });
    const content = result.content as Array<{ text: string }>;
    expect(JSON.parse(content[0]!.text)).toEqual({
      email: world.admin.email,
      records: [{ id: 1, who: world.admin.email }],
    });
    await client.close();
    // The agent is not mounted with MCP: its origin does not serve the MCP namespaces.
    expect((await fetch(`${world.agentUrl}/mcp`, { method: 'POST' })).status).toBe(404);
  });

  it('rejects clients outside allowedOAuthClients with invalid_client, at authorize and token', async () => {
    const port = await freePort();
    const strict = await startStandaloneServer(
      {
        serverUrl: world.platform.url,
        envSecret: world.envSecret,
        publicUrl: `http://127.0.0.1:${port}`,
        allowedOAuthClients: ['claude.ai'],
      },
      port,
      '127.0.0.1',
    );
    try {
      const register = await fetch(`${world.platform.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(new TestOAuthProvider().clientMetadata),
      });
      const { client_id: clientId } = (await register.json()) as { client_id: string };
      const query = new URLSearchParams({
        client_id: clientId,
        redirect_uri: REDIRECT,
        response_type: 'code',
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
      });
      const authorize = await fetch(`http://127.0.0.1:${port}/oauth/authorize?${query}`, {
        redirect: 'manual',
      });
      expect(authorize.status).toBe(400);
      expect(((await authorize.json()) as { error: string }).error).toBe('invalid_client');
      const token = await fetch(`http://127.0.0.1:${port}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: clientId,
          code: 'x',
          code_verifier: 'y',
        }),
      });
      expect(token.status).toBe(400);
      expect(((await token.json()) as { error: string }).error).toBe('invalid_client');
    } finally {
      await strict.close();
    }
  });

  it('serves the basePath forms only, and refuses a basePath under a URL with a path', async () => {
    const port = await freePort();
    const prefixed = await startStandaloneServer(
      {
        serverUrl: world.platform.url,
        envSecret: world.envSecret,
        publicUrl: `http://127.0.0.1:${port}`,
        basePath: 'ai',
      },
      port,
      '127.0.0.1',
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      const as = (await (
        await fetch(`${base}/.well-known/oauth-authorization-server/ai`)
      ).json()) as Record<string, string>;
      expect(as.issuer).toBe(`${base}/ai`);
      expect(as.token_endpoint).toBe(`${base}/ai/oauth/token`);
      const prm = (await (
        await fetch(`${base}/.well-known/oauth-protected-resource/ai/mcp`)
      ).json()) as Record<string, string>;
      expect(prm.resource).toBe(`${base}/ai/mcp`);
      const unauthenticated = await fetch(`${base}/ai/mcp`, { method: 'POST' });
      expect(unauthenticated.headers.get('www-authenticate')).toContain(
        `resource_metadata="${base}/.well-known/oauth-protected-resource/ai/mcp"`,
      );
      // The root forms are left to the host (here the standalone app's own 404).
      expect((await fetch(`${base}/.well-known/oauth-authorization-server`)).status).toBe(404);
      expect((await fetch(`${base}/mcp`, { method: 'POST' })).status).toBe(404);
    } finally {
      await prefixed.close();
    }
    await expect(
      createMcpRouter({
        serverUrl: world.platform.url,
        envSecret: world.envSecret,
        publicUrl: 'https://agent.example.com/admin',
        basePath: '/ai',
      }),
    ).rejects.toThrow(
      'MCP basePath "/ai" requires the agent to be served at the domain root, but its base URL has a path ("/admin").',
    );
  });

  it('fails to start a mounted agent whose URL has a path when basePath is set', async () => {
    const { models } = world.platform.test.platform.context.db;
    const environmentId = world.platform.test.platform.bootstrap!.environment.id;
    await models.Environment.update(
      { agentUrl: `${world.agentUrl}/admin` },
      { where: { id: environmentId } },
    );
    const agent = createAgent({
      authSecret: AUTH_SECRET,
      envSecret: world.envSecret,
      serverUrl: world.platform.url,
      skipSchemaUpdate: true,
      schemaPath: join(tmpdir(), `grove-mcp-${process.pid}-never-used.json`),
      isProduction: false,
      logger: () => undefined,
    })
      .addDataSource(inMemoryDataSourceFactory({ collections: {} }))
      .mountAiMcpServer({ basePath: '/ai' });
    try {
      await expect(agent.start()).rejects.toThrow(
        'requires the agent to be served at the domain root',
      );
    } finally {
      await agent.stop();
      await models.Environment.update(
        { agentUrl: world.agentUrl },
        { where: { id: environmentId } },
      );
    }
  });

  it('runs as the grove-mcp-server bin, and exits with an error naming a bad variable', async () => {
    const bad = await runBin(
      {
        GROVE_SERVER_URL: world.platform.url,
        GROVE_ENV_SECRET: world.envSecret,
        GROVE_MCP_ACCESS_TOKEN_TTL_SECONDS: 'soon',
      },
      /\$^/,
    );
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('GROVE_MCP_ACCESS_TOKEN_TTL_SECONDS must be a positive integer');

    const port = await freePort();
    const good = await runBin(
      {
        GROVE_SERVER_URL: world.platform.url,
        GROVE_ENV_SECRET: world.envSecret,
        MCP_SERVER_PORT: String(port),
      },
      /advertising/,
    );
    expect(good.out).toContain(`running on port ${port}, advertising http://localhost:${port}/mcp`);
  });
});
