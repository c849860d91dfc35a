import { mcpToolCallKind, readJsonRpc } from '../../src/stack/mcp-tool-call-kind';

const context = {
  dialect: 'sqlite' as const,
  size: { customers: 200, orders: 1000, orderItems: 2000 },
};

describe('the MCP tool call kind', () => {
  it('is a JSON-RPC tools/call of list, page of 15 by id, accepting JSON and events', () => {
    expect(mcpToolCallKind.request(4, context)).toEqual({
      method: 'POST',
      path: '/mcp',
      headers: { accept: 'application/json, text/event-stream' },
      body: {
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: {
          name: 'list',
          arguments: {
            collectionName: 'customers',
            fields: ['id', 'first_name', 'last_name', 'email', 'city', 'is_vip', 'created_at'],
            sort: { field: 'id', ascending: true },
            pagination: { size: 15, number: 1 },
          },
        },
      },
    });
  });

  it('reads the message of an event stream and of a JSON answer', () => {
    const message = { jsonrpc: '2.0', id: 1, result: { structuredContent: { records: [] } } };
    const text = `event: message\ndata: ${JSON.stringify(message)}\n\n`;

    expect(readJsonRpc('mcp', { status: 200, contentType: 'text/event-stream', text })).toEqual(
      message,
    );
    expect(
      readJsonRpc('mcp', {
        status: 200,
        contentType: 'application/json',
        text: JSON.stringify(message),
      }),
    ).toEqual(message);
  });

  it('refuses an HTTP error', () => {
    expect(() =>
      readJsonRpc('MCP tool call', { status: 401, contentType: 'application/json', text: '{}' }),
    ).toThrow('MCP tool call: HTTP 401: {}');
  });
});
