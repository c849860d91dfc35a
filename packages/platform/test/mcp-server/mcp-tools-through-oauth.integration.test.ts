import { availableServers } from '../helpers/test-databases';
import type { McpWorld } from './mcp-test-setup';
import { connectWithOAuth, startMcpWorld } from './mcp-test-setup';

/** The real tools of the mounted MCP server, reached through the whole OAuth flow. */
describe.each(availableServers())('the MCP tools behind OAuth on $name', server => {
  let world: McpWorld;

  beforeAll(async () => {
    world = await startMcpWorld(server, agent => agent.mountAiMcpServer());
  });
  afterAll(() => world?.stop());

  it('lists the ten tools, reads through the agent as the user, logged with source mcp', async () => {
    const { client } = await connectWithOAuth(`${world.agentUrl}/mcp`, world.admin);
    const { tools } = await client.listTools();
    expect(tools.map(tool => tool.name).sort()).toEqual(
      [
        'associate',
        'create',
        'delete',
        'describeCollection',
        'dissociate',
        'executeAction',
        'getActionForm',
        'list',
        'listRelated',
        'update',
      ].sort(),
    );

    const listed = await client.callTool({
      name: 'list',
      arguments: { collectionName: 'books', fields: ['id', 'who'] },
    });
    expect(listed.isError).toBeFalsy();
    expect(listed.structuredContent).toMatchObject({
      records: [{ id: 1, who: world.admin.email }],
    });
    await client.close();

    // The agent logged the read (in a batch) as the user, with the source `mcp`.
    const { ActivityLog } = world.platform.test.platform.context.db.models;
    let logs: Array<{ source: string; userEmail: string | null; collectionName: string | null }> =
      [];
    for (let attempt = 0; attempt < 50 && logs.length === 0; attempt += 1) {
      logs = await ActivityLog.findAll({ where: { source: 'mcp' }, raw: true });
      if (logs.length === 0) await new Promise(resolve => setTimeout(resolve, 100));
    }
    expect(logs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userEmail: world.admin.email, collectionName: 'books' }),
      ]),
    );
  });

  it('checks the token before reading a body, and refuses an oversized one with a JSON-RPC error', async () => {
    const { client, provider } = await connectWithOAuth(`${world.agentUrl}/mcp`, world.admin);
    await client.close();
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { padding: 'x'.repeat(5 * 1024 * 1024) },
    });
    const post = (headers: Record<string, string>) =>
      fetch(`${world.agentUrl}/mcp`, {
        method: 'POST',
        headers: {
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
          ...headers,
        },
        body: huge,
      });

    const anonymous = await post({});
    expect(anonymous.status).toBe(401);
    const oversized = await post({ authorization: `Bearer ${provider.saved!.access_token}` });
    expect(oversized.status).toBe(413);
    expect(await oversized.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
  });
});
