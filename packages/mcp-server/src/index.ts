// The public API of @grove/mcp-server. Hand-written: every export is chosen.
export type { McpAccessTokenVerifier, McpCaller, McpScope } from './auth/mcp-caller';
export { MCP_SCOPES } from './auth/mcp-caller';
export type { McpApprovalRequest, McpToolContext, McpToolName } from './tools/mcp-tool-context';
export { MCP_TOOL_NAMES } from './tools/mcp-tool-context';
export { registerMcpTools } from './tools/register-mcp-tools';
export type { RegisterMcpToolsOptions } from './tools/register-mcp-tools';
export { MCP_TOOL_SCOPES } from './tools/tool-scopes';
