import type { Logger } from '@grove/datasource-toolkit';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

import type { McpToolContext } from '../tools/mcp-tool-context';
import type { RegisterMcpToolsOptions } from '../tools/register-mcp-tools';

/** Upper bounds of the OAuth tokens' lifetimes (docs/mcp.md#token-lifetimes). */
export interface McpTokenTtl {
  /** Caps the access token's life (seconds, ≥ 60; smaller values are raised to 60). */
  readonly accessTokenSeconds?: number;
  /** Caps the session, counted from the login, across refreshes (seconds, ≥ 60). */
  readonly refreshTokenSeconds?: number;
}

/** What registers the tools on each request's server (the package's `registerMcpTools`). */
export type McpToolsRegistrar = (
  server: McpServer,
  context: McpToolContext,
  options: RegisterMcpToolsOptions,
) => unknown;

/**
 * Options of {@link createMcpRouter}: where the platform is, how to reach the agent, and the
 * user-facing options of docs/mcp.md#options.
 *
 * @example
 * ```ts
 * const options: McpRouterOptions = {
 *   serverUrl: 'https://platform.example.com',
 *   envSecret: process.env.GROVE_ENV_SECRET!,
 *   publicUrl: 'https://agent.example.com',
 *   agentUrl: 'http://agent.internal:3351',
 *   allowedOAuthClients: ['claude.ai'],
 * };
 * ```
 */
export interface McpRouterOptions {
  /** The platform's URL (OAuth, JWKS, user info, client lookup). */
  readonly serverUrl: string;
  /** The environment's secret (64 hexadecimal characters). */
  readonly envSecret: string;
  /** The public origin the MCP server is reached at (default: the environment's agent URL). */
  readonly publicUrl?: string;
  /** Where tools reach the agent (default: the environment's agent URL). */
  readonly agentUrl?: string;
  /** How tools reach the agent: a `fetch` (mounted: into the agent, in process). */
  readonly agentFetch?: typeof fetch;
  /** The agent's mount point (default `/forest`). */
  readonly agentPrefix?: string;
  /** Tool allowlist (docs/mcp.md#enabled-tools); default all. */
  readonly enabledTools?: readonly string[];
  /** A prefix of the OAuth and MCP routes (docs/mcp.md#base-path). */
  readonly basePath?: string;
  /** Bare domains whose clients (all redirect URIs) are accepted (docs/mcp.md#allowed-clients). */
  readonly allowedOAuthClients?: readonly string[];
  /** Caps of the token lifetimes (docs/mcp.md#token-lifetimes). */
  readonly tokenTtl?: McpTokenTtl;
  /** Registers the tools of each request (default: none). */
  readonly registerTools?: McpToolsRegistrar;
  readonly logger?: Logger;
  /** The `fetch` of platform calls (default: the global one). */
  readonly fetch?: typeof fetch;
}
