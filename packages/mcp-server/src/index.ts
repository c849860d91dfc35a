// The public API of @grove/mcp-server. Hand-written: every export is chosen.
export type { McpAccessTokenVerifier, McpCaller, McpScope } from './auth/mcp-caller';
export { MCP_SCOPES } from './auth/mcp-caller';
export type { McpToolContext, McpToolName } from './tools/mcp-tool-context';
export { MCP_TOOL_NAMES } from './tools/mcp-tool-context';

// The HTTP server: OAuth relay to the platform, discovery, and the stateless /mcp endpoint
export { createMcpRouter } from './create-mcp-router';
export type {
  McpRouterOptions,
  McpTokenTtl,
  McpToolsRegistrar,
} from './options/mcp-router-options';
export { isMcpPath } from './http/mcp-namespace';
export { normalizeBasePath } from './options/normalize-base-path';
