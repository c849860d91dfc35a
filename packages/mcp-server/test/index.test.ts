import * as mcpServer from '../src';

describe('@grove/mcp-server exports', () => {
  it('names the ten tools and the three scopes', () => {
    expect(mcpServer.MCP_TOOL_NAMES).toHaveLength(10);
    expect(mcpServer.MCP_SCOPES).toEqual(['mcp:read', 'mcp:write', 'mcp:action']);
  });
});
