import type { AgentClient, AgentSchema } from '@grove/agent-client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

import type { McpScope } from '../../src/auth/mcp-caller';
import { mcpToolDefinitions } from '../../src/tools/mcp-tool-definitions';
import { MCP_TOOL_NAMES } from '../../src/tools/mcp-tool-context';
import { registerMcpTools } from '../../src/tools/register-mcp-tools';

function schemaOf(...names: string[]): AgentSchema {
  return {
    collections: names.map(name => ({
      name,
      fields: [{ field: 'id', type: 'Number', isPrimaryKey: true }],
      actions: [],
    })),
  };
}

/** The `collectionName` values `list` accepts, as its JSON schema says. */
async function collectionNamesOf(client: Client): Promise<unknown> {
  const { tools } = await client.listTools();
  const list = tools.find(tool => tool.name === 'list');

  return (list?.inputSchema.properties?.collectionName as { enum?: unknown } | undefined)?.enum;
}

describe('mcpToolDefinitions', () => {
  it('builds the ten tools once per schema object', () => {
    const schema = schemaOf('books');
    const tools = mcpToolDefinitions(schema);

    expect(Object.keys(tools).sort()).toEqual([...MCP_TOOL_NAMES].sort());
    expect(mcpToolDefinitions(schema)).toBe(tools);
    expect(mcpToolDefinitions(schema).list.inputSchema).toBe(tools.list.inputSchema);
  });

  it('builds new tools for another schema object, with its collections', () => {
    const before = mcpToolDefinitions(schemaOf('books'));
    const after = mcpToolDefinitions(schemaOf('books', 'authors'));

    expect(after).not.toBe(before);
    expect(before.list.inputSchema.shape.collectionName?.safeParse('authors').success).toBe(false);
    expect(after.list.inputSchema.shape.collectionName?.safeParse('authors').success).toBe(true);
  });

  it('without a schema, one set of tools taking any collection name', () => {
    const tools = mcpToolDefinitions(undefined);

    expect(mcpToolDefinitions(undefined)).toBe(tools);
    expect(tools.list.inputSchema.shape.collectionName?.safeParse('anything').success).toBe(true);
  });
});

describe('registerMcpTools with shared tools', () => {
  const schema = schemaOf('books');
  const clients: Client[] = [];

  afterAll(async () => {
    await Promise.all(clients.map(client => client.close()));
  });

  /** A server for one caller, as `/mcp` builds one per request. */
  async function connect(scopes: readonly McpScope[], agent: AgentClient): Promise<Client> {
    const server = new McpServer({ name: 'grove-test', version: '0.0.0' });
    registerMcpTools(
      server,
      {
        caller: {
          userId: 1,
          email: 'ada@example.com',
          renderingId: 1,
          environmentId: 1,
          scopes,
          accessToken: 'unused',
          expiresAt: 0,
        },
        agent,
        logger: () => undefined,
      },
      { schema },
    );
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    const client = new Client({ name: 'grove-test-client', version: '0.0.0' });
    await client.connect(clientTransport);
    clients.push(client);

    return client;
  }

  it('checks the scopes and uses the agent of each server’s own caller', async () => {
    const created: string[] = [];
    const agentOf = (who: string) =>
      ({
        collection: () => ({
          create: async () => {
            created.push(who);

            return { id: 1 };
          },
        }),
      }) as unknown as AgentClient;
    const reader = await connect(['mcp:read'], agentOf('reader'));
    const writer = await connect(['mcp:read', 'mcp:write'], agentOf('writer'));
    const args = { collectionName: 'books', attributes: { title: 'Dune' } };

    const refused = (await reader.callTool({ name: 'create', arguments: args })) as CallToolResult;
    const accepted = (await writer.callTool({ name: 'create', arguments: args })) as CallToolResult;

    expect(refused.isError).toBe(true);
    expect(refused.content[0]).toMatchObject({ text: expect.stringContaining('"mcp:write"') });
    expect(accepted.structuredContent).toEqual({ record: { id: 1 } });
    expect(created).toEqual(['writer']);
  });

  it('lists the same tool schemas on every server', async () => {
    const first = await connect(['mcp:read'], {} as AgentClient);
    const second = await connect(['mcp:read'], {} as AgentClient);

    expect(await collectionNamesOf(first)).toEqual(['books']);
    expect((await second.listTools()).tools).toEqual((await first.listTools()).tools);
  });
});
