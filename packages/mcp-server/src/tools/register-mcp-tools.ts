import type { AgentSchema } from '@grove/agent-client';
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';

import { registerAssociateTool } from './associate-tool';
import { registerCreateTool } from './create-tool';
import { registerDeleteTool } from './delete-tool';
import { registerDescribeCollectionTool } from './describe-collection-tool';
import { registerDissociateTool } from './dissociate-tool';
import { registerExecuteActionTool } from './execute-action-tool';
import { registerGetActionFormTool } from './get-action-form-tool';
import { registerListRelatedTool } from './list-related-tool';
import { registerListTool } from './list-tool';
import { registerUpdateTool } from './update-tool';
import type { McpToolContext, McpToolName } from './mcp-tool-context';
import { MCP_TOOL_NAMES } from './mcp-tool-context';

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

type ToolRegistrar = (
  server: McpServer,
  context: McpToolContext,
  schema: AgentSchema | undefined,
) => RegisteredTool;

const registrars: Readonly<Record<McpToolName, ToolRegistrar>> = {
  describeCollection: registerDescribeCollectionTool,
  list: registerListTool,
  listRelated: registerListRelatedTool,
  create: registerCreateTool,
  update: registerUpdateTool,
  delete: registerDeleteTool,
  associate: registerAssociateTool,
  dissociate: registerDissociateTool,
  getActionForm: registerGetActionFormTool,
  executeAction: registerExecuteActionTool,
};

/**
 * Registers Grove's MCP tools on a server, for one caller: every call goes through
 * `context.agent` (an agent client bound to the caller's delegated token), so the agent applies
 * rights, scopes, hooks and validation and logs the operation (source `mcp`). Each tool checks
 * its scope in the caller's token (`mcp:read` for reads, `mcp:write` for writes, `mcp:action`
 * for executeAction). Reads are annotated `readOnlyHint`, `delete` and `dissociate`
 * `destructiveHint`.
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
  const tools: Partial<Record<McpToolName, RegisteredTool>> = {};
  for (const name of MCP_TOOL_NAMES) {
    if (enabled.has(name)) tools[name] = registrars[name](server, context, options.schema);
  }

  return tools;
}
