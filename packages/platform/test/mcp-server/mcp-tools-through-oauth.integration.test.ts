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
      logs = (await ActivityLog.findAll({ where: { source: 'mcp' }, raw: true })) as typeof logs;
      if (logs.length === 0) await new Promise(resolve => setTimeout(resolve, 100));
    }
    expect(logs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userEmail: world.admin.email, collectionName: 'books' }),
      ]),
    );
  });
});
