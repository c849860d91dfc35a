import * as mcpServer from '../src';

describe('@grove/mcp-server exports', () => {
  it('names the ten tools and the three scopes', () => {
    expect(mcpServer.MCP_TOOL_NAMES).toHaveLength(10);
    expect(mcpServer.MCP_SCOPES).toEqual(['mcp:read', 'mcp:write', 'mcp:action']);
  });

  it('exports registerMcpTools and the scope of every tool', () => {
    expect(typeof mcpServer.registerMcpTools).toBe('function');
    expect(Object.keys(mcpServer.MCP_TOOL_SCOPES).sort()).toEqual(
      [...mcpServer.MCP_TOOL_NAMES].sort(),
    );
    expect(mcpServer.MCP_TOOL_SCOPES.executeAction).toBe('mcp:action');
  });
});
