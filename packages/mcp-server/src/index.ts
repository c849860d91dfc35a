// The public API of @grove/mcp-server. Hand-written: every export is chosen.
export type { McpAccessTokenVerifier, McpCaller, McpScope } from './auth/mcp-caller';
export { MCP_SCOPES } from './auth/mcp-caller';
export type { McpApprovalRequest, McpToolContext, McpToolName } from './tools/mcp-tool-context';
export { MCP_TOOL_NAMES } from './tools/mcp-tool-context';
export { registerMcpTools } from './tools/register-mcp-tools';
export type { RegisterMcpToolsOptions } from './tools/register-mcp-tools';
export { MCP_TOOL_SCOPES } from './tools/tool-scopes';

// The HTTP server: OAuth relay to the platform, discovery, and the stateless /mcp endpoint
export { createMcpRouter } from './create-mcp-router';
export type {
  McpRouterOptions,
  McpTokenTtl,
  McpToolsRegistrar,
} from './options/mcp-router-options';
export { isMcpPath } from './http/mcp-namespace';
export { normalizeBasePath } from './options/normalize-base-path';

// Standalone
export { readStandaloneConfig, DEFAULT_MCP_SERVER_PORT } from './standalone/read-standalone-config';
export type { StandaloneConfig } from './standalone/read-standalone-config';
export { startStandaloneServer } from './standalone/start-standalone-server';
export type { StandaloneServer } from './standalone/start-standalone-server';
export { makeProgram } from './standalone/make-program';
export type { ProgramDeps } from './standalone/make-program';
