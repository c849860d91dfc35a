import type { AgentSchema } from '@grove/agent-client';
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';

import { mcpToolDefinitions } from './mcp-tool-definitions';
import type { McpToolContext, McpToolName } from './mcp-tool-context';
import { MCP_TOOL_NAMES } from './mcp-tool-context';
import { registerGroveTool } from './register-grove-tool';

/** Options of {@link registerMcpTools}. */
export interface RegisterMcpToolsOptions {
  /** The tools to expose (default: all ten); `describeCollection` is always registered. */
  readonly enabledTools?: readonly McpToolName[];
  /**
   * The agent's schema as agent-client reads it (`readAgentSchema`): collection names become
   * the `collectionName` enum, and actions are found in it. Without it `collectionName` is a
   * free string, and describeCollection and the action tools answer an error.
   */
  readonly schema: AgentSchema | undefined;
}

/**
 * Registers Grove's MCP tools on a server, for one caller: every call goes through
 * `context.agent` (an agent client bound to the caller's delegated token), so the agent applies
 * rights, scopes, hooks and validation and logs the operation (source `mcp`). Each tool checks
 * its scope in the caller's token (`mcp:read` for reads, `mcp:write` for writes, `mcp:action`
 * for executeAction). Reads are annotated `readOnlyHint`, `delete` and `dissociate`
 * `destructiveHint`. The tools' schemas are built once per agent schema and shared by every
 * server they are registered on (see `mcpToolDefinitions`): registering them is cheap, so a
 * stateless server can do it for every request.
 *
 * @returns The registered tools, by name.
 * @example
 * ```ts
 * const server = new McpServer({ name: '@grove/mcp-server', version });
 * registerMcpTools(server, { caller, agent, logger }, {
 *   schema: readAgentSchema(JSON.parse(await readFile('.grove-schema.json', 'utf8'))),
 *   enabledTools: ['list', 'describeCollection'],
 * });
 * await server.connect(transport);
 * ```
 */
export function registerMcpTools(
  server: McpServer,
  context: McpToolContext,
  options: RegisterMcpToolsOptions,
): Partial<Record<McpToolName, RegisteredTool>> {
  const enabled = new Set<McpToolName>(options.enabledTools ?? MCP_TOOL_NAMES);
  enabled.add('describeCollection');
  const definitions = mcpToolDefinitions(options.schema);
  const tools: Partial<Record<McpToolName, RegisteredTool>> = {};
  for (const name of MCP_TOOL_NAMES) {
    if (enabled.has(name)) tools[name] = registerGroveTool(server, context, definitions[name]);
  }

  return tools;
}
