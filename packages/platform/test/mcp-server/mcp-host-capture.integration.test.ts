import express from 'express';

import { availableServers } from '../helpers/test-databases';
import type { McpWorld } from './mcp-test-setup';
import { connectWithOAuth, startMcpWorld } from './mcp-test-setup';

// docs/mcp.md#mounting, mounted in a host application (`mountOnExpress`): without basePath the
// MCP server captures `/oauth/*`, `/.well-known/*` and `/mcp` at the origin root — a request
// there that it does not serve is its 404 or 405, never the host's; the rest is the host's.
describe.each(availableServers())('the MCP server inside a host Express app on $name', server => {
  let world: McpWorld;
  const reached: string[] = [];

  beforeAll(async () => {
    const host = express();
    host.use((req, _res, next) => {
      reached.push(req.path);
      next();
    });
    world = await startMcpWorld(server, agent => agent.mountAiMcpServer(), host);
    // The host's own routes, registered after the agent: only what the agent lets through.
    host.all('/{*rest}', (req, res) => {
      res.status(200).json({ host: true, path: req.path });
    });
  });
  afterAll(() => world?.stop());

  it('answers unserved paths of its namespaces itself (404/405), and lets the rest through', async () => {
    const call = (method: string, path: string) =>
      fetch(`${world.agentUrl}${path}`, { method }).then(async response => ({
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
      }));

    for (const path of [
      '/oauth/other',
      '/.well-known/other',
      '/.well-known/openid-configuration',
    ]) {
      const answer = await call('GET', path);
      expect(answer.status).toBe(404);
      expect(answer.body.host).toBeUndefined();
    }
    for (const [method, path] of [
      ['GET', '/mcp'],
      ['DELETE', '/oauth/token'],
      ['PUT', '/oauth/authorize'],
    ] as const) {
      const answer = await call(method, path);
      expect(answer.status).toBe(405);
      expect(answer.body.host).toBeUndefined();
    }
    expect(await call('GET', '/hello')).toEqual({
      status: 200,
      body: { host: true, path: '/hello' },
    });
  });

  it('serves the tools through the host app, with the OAuth flow of the platform', async () => {
    const { client } = await connectWithOAuth(`${world.agentUrl}/mcp`, world.admin);
    const listed = await client.callTool({ name: 'list', arguments: { collectionName: 'books' } });

    expect(listed.isError).toBeFalsy();
    expect(listed.structuredContent).toMatchObject({ records: [{ id: 1 }] });
    await client.close();
    expect(reached).toContain('/mcp');
  });
});
