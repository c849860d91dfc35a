import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

import { MCP_TOOL_NAMES, registerMcpTools } from '@grove/mcp-server';
import type { McpScope, McpToolContext, McpToolName } from '@grove/mcp-server';
import { startToolsAgent } from './start-tools-agent';
import type { ToolsAgent } from './start-tools-agent';

jest.setTimeout(60_000);

const allScopes: readonly McpScope[] = ['mcp:read', 'mcp:write', 'mcp:action'];

// The MCP server's tools (`@grove/mcp-server`) against a real agent and this kit's sandbox. They
// live here, not in packages/mcp-server: the agent depends on the MCP server, so the MCP
// server's own tests cannot start an agent.
describe('registerMcpTools against a real Grove agent', () => {
  let test: ToolsAgent;
  const clients: Client[] = [];

  /** An SDK client connected to a fresh McpServer with the tools, as a caller with `scopes`. */
  async function connect(
    scopes: readonly McpScope[] = allScopes,
    enabledTools?: readonly McpToolName[],
    requestApproval?: McpToolContext['requestApproval'],
  ): Promise<Client> {
    const context: McpToolContext = {
      caller: {
        userId: 1,
        email: 'forest@forest.com',
        renderingId: 1,
        environmentId: 1,
        scopes,
        accessToken: 'not-used-by-the-tools',
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
      },
      agent: test.agent,
      logger: () => undefined,
      ...(requestApproval ? { requestApproval } : {}),
    };
    const server = new McpServer({ name: 'grove-test', version: '0.0.0' });
    registerMcpTools(server, context, {
      schema: test.schema,
      ...(enabledTools === undefined ? {} : { enabledTools }),
    });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    const client = new Client({ name: 'grove-test-client', version: '0.0.0' });
    await client.connect(clientTransport);
    // Listing caches the output schemas: every callTool result is then validated by the SDK.
    await client.listTools();
    clients.push(client);

    return client;
  }

  async function call(client: Client, name: string, args: Record<string, unknown>) {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  }

  function textOf(result: CallToolResult): string {
    const [first] = result.content;

    return first?.type === 'text' ? first.text : '';
  }

  async function titleOf(id: number): Promise<unknown> {
    const [book] = await test.admin.collection('books').list({
      filters: { field: 'id', operator: 'Equal', value: id },
    });

    return book?.title;
  }

  beforeAll(async () => {
    test = await startToolsAgent();
  });

  afterEach(() => test.admin.clearPermissionOverride());

  afterAll(async () => {
    for (const client of clients) await client.close();
    await test?.stop();
  });

  it('lists the ten tools with their annotations and a collection enum', async () => {
    const client = await connect();
    const { tools } = await client.listTools();

    expect(tools.map(tool => tool.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
    const byName = new Map(tools.map(tool => [tool.name, tool]));
    for (const name of ['describeCollection', 'list', 'listRelated', 'getActionForm']) {
      expect(byName.get(name)?.annotations?.readOnlyHint).toBe(true);
    }
    expect(byName.get('delete')?.annotations?.destructiveHint).toBe(true);
    expect(byName.get('dissociate')?.annotations?.destructiveHint).toBe(true);
    expect(byName.get('create')?.annotations?.readOnlyHint).toBe(false);
    expect(byName.get('list')?.inputSchema.properties?.collectionName).toMatchObject({
      enum: ['authors', 'books', 'editions'],
    });
    for (const tool of tools) expect(tool.outputSchema).toBeDefined();
  });

  it('registers only the enabled tools, and describeCollection always', async () => {
    const client = await connect(allScopes, ['list']);
    const { tools } = await client.listTools();

    expect(tools.map(tool => tool.name).sort()).toEqual(['describeCollection', 'list']);
    const result = await call(client, 'delete', { collectionName: 'books', recordIds: [1] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Tool delete not found');
    expect(await titleOf(1)).toBe('Dune');
  });

  it('describes a collection: fields with operators in the casing list takes, relations, actions', async () => {
    const client = await connect(['mcp:read']);
    const result = await call(client, 'describeCollection', { collectionName: 'books' });

    expect(result.isError).toBeFalsy();
    const described = result.structuredContent as {
      fields: { name: string; operators: string[] | null; isPrimaryKey: boolean }[];
      relations: unknown[];
      actions: unknown[];
    };
    const title = described.fields.find(field => field.name === 'title');
    expect(title?.operators).toEqual(expect.arrayContaining(['Equal', 'IContains', 'StartsWith']));
    expect(described.fields.find(field => field.name === 'id')?.isPrimaryKey).toBe(true);
    expect(described.relations).toEqual([
      { name: 'author', type: 'many-to-one', targetCollection: 'authors' },
    ]);
    expect(described.actions).toEqual([
      expect.objectContaining({ name: 'Discount', type: 'single', hasForm: true, download: false }),
    ]);
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  });

  it('lists with a lower-case operator, sort, pagination, a relation projection and a count', async () => {
    const client = await connect(['mcp:read']);
    const result = await call(client, 'list', {
      collectionName: 'books',
      filters: {
        aggregator: 'and',
        conditions: [{ field: 'title', operator: 'icontains', value: 'dune' }],
      },
      sort: { field: 'id', ascending: false },
      pagination: { size: 1 },
      fields: ['id', 'title', 'author:name'],
      enableCount: true,
    });

    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      // The agent adds primary keys to projections.
      records: [{ id: 2, title: 'Dune Messiah', author: { id: 1, name: 'Frank Herbert' } }],
      totalCount: 2,
    });
  });

  it('accepts filters as a JSON string and a search', async () => {
    const client = await connect(['mcp:read']);
    const filtered = await call(client, 'list', {
      collectionName: 'books',
      filters: '{"field":"author_id","operator":"equal","value":2}',
      fields: ['title'],
    });
    const searched = await call(client, 'list', {
      collectionName: 'authors',
      search: 'ursula',
      fields: ['name'],
    });

    expect(filtered.structuredContent).toEqual({ records: [{ id: 3, title: 'The Dispossessed' }] });
    expect(searched.structuredContent).toEqual({ records: [{ id: 2, name: 'Ursula Le Guin' }] });
  });

  it('lists related records', async () => {
    const client = await connect(['mcp:read']);
    const result = await call(client, 'listRelated', {
      collectionName: 'authors',
      relationName: 'books',
      parentRecordId: 1,
      fields: ['id', 'title'],
      sort: { field: 'id' },
      enableCount: true,
    });

    expect(result.structuredContent).toEqual({
      records: [
        { id: 1, title: 'Dune' },
        { id: 2, title: 'Dune Messiah' },
      ],
      totalCount: 2,
    });
  });

  it('creates, updates and deletes records, logged by the agent with source mcp', async () => {
    const client = await connect(['mcp:write']);
    const created = await call(client, 'create', {
      collectionName: 'books',
      attributes: { title: 'Children of Dune', discount: 0 },
      relationships: { author: 1 },
    });
    expect(created.isError).toBeFalsy();
    const record = (created.structuredContent as { record: { id: number; title: string } }).record;
    expect(record).toMatchObject({ title: 'Children of Dune', author_id: 1 });

    const updated = await call(client, 'update', {
      collectionName: 'books',
      recordId: String(record.id),
      attributes: '{"title":"Children of Dune (1976)"}',
    });
    expect(updated.structuredContent).toEqual({
      record: expect.objectContaining({ id: record.id, title: 'Children of Dune (1976)' }),
    });
    expect(await titleOf(record.id)).toBe('Children of Dune (1976)');

    const deleted = await call(client, 'delete', {
      collectionName: 'books',
      recordIds: [record.id],
    });
    expect(deleted.structuredContent).toEqual({ deletedCount: 1 });
    expect(await titleOf(record.id)).toBeUndefined();

    const logs = JSON.stringify(test.sandbox.activityLogs().map(log => log.body));
    for (const action of ['create', 'update', 'delete']) {
      expect(logs).toMatch(new RegExp(`"action":"${action}"[^}]*"source":"mcp"`));
    }
  });

  it('takes composite ids as arrays or packed strings', async () => {
    const client = await connect(['mcp:read', 'mcp:write']);
    const updated = await call(client, 'update', {
      collectionName: 'editions',
      recordId: [1, 'fr'],
      attributes: { printed: 350 },
    });
    const deleted = await call(client, 'delete', {
      collectionName: 'editions',
      recordIds: ['1|en'],
    });
    const listed = await call(client, 'list', {
      collectionName: 'editions',
      sort: [{ field: 'book_id' }, { field: 'language' }],
    });

    expect(updated.structuredContent).toEqual({
      record: { book_id: 1, language: 'fr', printed: 350 },
    });
    expect(deleted.structuredContent).toEqual({ deletedCount: 1 });
    expect(listed.structuredContent).toEqual({
      records: [
        { book_id: 1, language: 'fr', printed: 350 },
        { book_id: 2, language: 'en', printed: 500 },
      ],
    });
  });

  it('associates and dissociates records through a one-to-many relation', async () => {
    const client = await connect(['mcp:read', 'mcp:write']);
    const booksOf = async (author: number) =>
      (
        (
          await call(client, 'listRelated', {
            collectionName: 'authors',
            relationName: 'books',
            parentRecordId: author,
            fields: ['id'],
          })
        ).structuredContent as { records: { id: number }[] }
      ).records.map(book => book.id);

    const associated = await call(client, 'associate', {
      collectionName: 'authors',
      relationName: 'books',
      parentRecordId: 2,
      targetRecordId: 4,
    });
    expect(associated.structuredContent).toEqual({
      success: true,
      message: 'Successfully associated record 4 with authors/2 through relation "books"',
    });
    expect((await booksOf(2)).sort()).toEqual([3, 4]);

    const dissociated = await call(client, 'dissociate', {
      collectionName: 'authors',
      relationName: 'books',
      parentRecordId: 2,
      targetRecordIds: [4],
    });
    expect(dissociated.structuredContent).toMatchObject({ success: true });
    expect(await booksOf(2)).toEqual([3]);
    expect(await titleOf(4)).toBe('Orphan Book');
  });

  it('reads an action form, re-evaluated by its change hook on the values given', async () => {
    const client = await connect(['mcp:read']);
    const empty = await call(client, 'getActionForm', {
      collectionName: 'books',
      actionName: 'Discount',
      recordIds: [1],
    });
    expect(empty.structuredContent).toMatchObject({
      canExecute: false,
      requiredFields: ['Kind'],
      skippedFields: [],
    });
    const names = (result: CallToolResult) =>
      (result.structuredContent as { fields: { name: string }[] }).fields.map(field => field.name);
    expect(names(empty)).toEqual(['Kind']);

    const percent = await call(client, 'getActionForm', {
      collectionName: 'books',
      actionName: 'Discount',
      recordIds: [1],
      values: { Kind: 'percent', Unknown: 1 },
    });
    expect(names(percent)).toEqual(['Kind', 'Percent']);
    expect(percent.structuredContent).toMatchObject({
      canExecute: false,
      requiredFields: ['Percent'],
      skippedFields: ['Unknown'],
      fields: [
        { name: 'Kind', type: 'Enum', value: 'percent', enumValues: ['percent', 'none'] },
        { name: 'Percent', type: 'Number', isRequired: true },
      ],
    });

    const complete = await call(client, 'getActionForm', {
      collectionName: 'books',
      actionName: 'Discount',
      recordIds: [1],
      values: '{"Percent":10,"Kind":"percent"}',
    });
    expect(complete.structuredContent).toMatchObject({ canExecute: true, requiredFields: [] });
  });

  it('executes an action with its form values', async () => {
    const client = await connect(['mcp:action']);
    const result = await call(client, 'executeAction', {
      collectionName: 'books',
      actionName: 'Discount',
      recordIds: [3],
      values: { Kind: 'percent', Percent: 20 },
      reasoning: 'a test',
    });

    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      type: 'Success',
      message: 'Discount of 20% applied',
    });
    const [book] = await test.admin
      .collection('books')
      .list({ filters: { field: 'id', operator: 'Equal', value: 3 } });
    expect(book?.discount).toBe(20);
  });

  describe('errors are isError results', () => {
    it('names the field of a failed validation, and writes nothing', async () => {
      const client = await connect();
      const result = await call(client, 'update', {
        collectionName: 'books',
        recordId: 1,
        attributes: { title: 'D' },
      });

      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(
        /'title' failed validation rule: 'LongerThan\(2\)' \(HTTP 400\)/,
      );
      expect(await titleOf(1)).toBe('Dune');
    });

    it('rejects an unknown collection, an unknown field and an unknown action', async () => {
      const client = await connect();
      const collection = await call(client, 'list', { collectionName: 'dragons' });
      const field = await call(client, 'list', {
        collectionName: 'books',
        filters: { field: 'colour', operator: 'Equal', value: 'red' },
      });
      const operator = await call(client, 'list', {
        collectionName: 'books',
        filters: '{"field":"title","operator":"Resembles","value":"x"}',
      });
      const action = await call(client, 'getActionForm', {
        collectionName: 'books',
        actionName: 'Launch',
        recordIds: [1],
      });
      const formField = await call(client, 'executeAction', {
        collectionName: 'books',
        actionName: 'Discount',
        recordIds: [1],
        values: { Kind: 'none', Colour: 'red' },
      });

      for (const result of [collection, field, operator, action, formField]) {
        expect(result.isError).toBe(true);
      }
      expect(textOf(collection)).toContain('collectionName');
      expect(textOf(field)).toContain('colour');
      expect(textOf(operator)).toContain('Unknown operator');
      expect(textOf(action)).toBe(
        'Action "Launch" not found on collection "books" (actions: Discount)',
      );
      expect(textOf(formField)).toBe('Field "Colour" does not exist in this form');
    });

    it('refuses filters nested deeper than three levels, sent as a JSON string', async () => {
      const client = await connect();
      let tree = '{"field":"id","operator":"Equal","value":1}';
      for (let level = 0; level < 5000; level += 1) {
        tree = `{"aggregator":"And","conditions":[${tree}]}`;
      }
      const result = await call(client, 'list', { collectionName: 'books', filters: tree });

      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^Invalid filters/);
    });

    it('reports invalid JSON in a string input', async () => {
      const client = await connect();
      const result = await call(client, 'create', {
        collectionName: 'books',
        attributes: '{"title":',
      });

      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe('"attributes" is a string that is not valid JSON');
    });

    it.each([
      ['describeCollection', 'mcp:read', { collectionName: 'books' }],
      ['list', 'mcp:read', { collectionName: 'books' }],
      [
        'listRelated',
        'mcp:read',
        { collectionName: 'authors', relationName: 'books', parentRecordId: 1 },
      ],
      [
        'getActionForm',
        'mcp:read',
        { collectionName: 'books', actionName: 'Discount', recordIds: [1] },
      ],
      ['create', 'mcp:write', { collectionName: 'books', attributes: { title: 'Forbidden' } }],
      [
        'update',
        'mcp:write',
        { collectionName: 'books', recordId: 1, attributes: { title: 'Nope' } },
      ],
      ['delete', 'mcp:write', { collectionName: 'books', recordIds: [1] }],
      [
        'associate',
        'mcp:write',
        { collectionName: 'authors', relationName: 'books', parentRecordId: 2, targetRecordId: 1 },
      ],
      [
        'dissociate',
        'mcp:write',
        {
          collectionName: 'authors',
          relationName: 'books',
          parentRecordId: 1,
          targetRecordIds: [1],
        },
      ],
      [
        'executeAction',
        'mcp:action',
        {
          collectionName: 'books',
          actionName: 'Discount',
          recordIds: [1],
          values: { Kind: 'percent', Percent: 40 },
        },
      ],
    ] as const)(
      'refuses %s without the scope %s, before reaching the agent',
      async (name, scope, args) => {
        const others = allScopes.filter(candidate => candidate !== scope);
        const client = await connect(others);
        const before = test.sandbox.activityLogs().length;
        const result = await call(client, name, args);

        expect(result.isError).toBe(true);
        expect(textOf(result)).toContain(`needs the scope "${scope}"`);
        expect(test.sandbox.activityLogs()).toHaveLength(before);
        const [book] = await test.admin.collection('books').list({
          filters: { field: 'id', operator: 'Equal', value: 1 },
        });
        expect(book).toMatchObject({ title: 'Dune', discount: 0, author_id: 1 });
      },
    );

    it('passes the agent 403 through, and nothing is written', async () => {
      await test.admin.overrideCollectionPermission('books', {
        browseEnabled: false,
        editEnabled: false,
      });
      const client = await connect();
      const list = await call(client, 'list', { collectionName: 'books' });
      const update = await call(client, 'update', {
        collectionName: 'books',
        recordId: 1,
        attributes: { title: 'Forbidden' },
      });

      for (const result of [list, update]) {
        expect(result.isError).toBe(true);
        expect(textOf(result)).toMatch(/\(HTTP 403\)$/);
      }
      await test.admin.clearPermissionOverride();
      expect(await titleOf(1)).toBe('Dune');
    });

    it('files an approval request when the action needs one, with the form values and reasoning', async () => {
      await test.admin.overrideActionPermission('books', 'Discount', {
        triggerEnabled: true,
        approvalRequired: true,
      });
      const filed: unknown[] = [];
      const client = await connect(allScopes, undefined, async request => {
        filed.push(request);

        return { id: '17' };
      });
      const values = { Kind: 'percent', Percent: 10 };
      const result = await call(client, 'executeAction', {
        collectionName: 'books',
        actionName: 'Discount',
        recordIds: [2],
        values,
        reasoning: 'Loyal customer',
      });

      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        type: 'ApprovalRequested',
        approvalRequestId: '17',
      });
      expect(filed).toEqual([
        expect.objectContaining({
          collectionName: 'books',
          actionName: 'Discount',
          recordIds: ['2'],
          reasoning: 'Loyal customer',
          inputs: expect.arrayContaining([
            expect.objectContaining({ name: 'Kind', value: 'percent' }),
            expect.objectContaining({ name: 'Percent', value: 10 }),
          ]),
        }),
      ]);
      // Nothing ran: the discount waits for an approver.
      const [book] = await test.admin.collection('books').list({
        filters: { field: 'id', operator: 'Equal', value: 2 },
      });
      expect(book?.discount).toBe(0);
    });

    it('reports an action needing approval as an error when no platform files requests', async () => {
      await test.admin.overrideActionPermission('books', 'Discount', {
        triggerEnabled: true,
        approvalRequired: true,
      });
      const result = await call(await connect(), 'executeAction', {
        collectionName: 'books',
        actionName: 'Discount',
        recordIds: [2],
        values: { Kind: 'percent', Percent: 10 },
      });

      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^Approval required/);
    });

    it('reports the action error result', async () => {
      const client = await connect();
      const result = await call(client, 'executeAction', {
        collectionName: 'books',
        actionName: 'Discount',
        recordIds: [1],
        values: { Kind: 'percent', Percent: 90 },
      });

      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe('Discount too large');
    });
  });
});
