import type { McpTokenTtl, McpToolsRegistrar } from '@grove/mcp-server';

/**
 * Options of `agent.mountAiMcpServer` (docs/mcp.md#options): the MCP server mounted in the agent
 * reads only these (never the `GROVE_MCP_*` variables of the standalone server).
 *
 * @example
 * ```ts
 * agent.mountAiMcpServer({ basePath: '/ai', allowedOAuthClients: ['claude.ai'] });
 * ```
 */
export interface AiMcpServerOptions {
  /** Tool allowlist; default all. */
  readonly enabledTools?: readonly string[];
  /** Prefix of the OAuth and MCP routes (discovery stays at the origin root). */
  readonly basePath?: string;
  /** Bare domains whose OAuth clients are accepted; default any registered client. */
  readonly allowedOAuthClients?: readonly string[];
  /** Caps of the token lifetimes (seconds, ≥ 60). */
  readonly tokenTtl?: McpTokenTtl;
  /** Registers the tools of each request (default: the MCP package's tools). */
  readonly registerTools?: McpToolsRegistrar;
}
