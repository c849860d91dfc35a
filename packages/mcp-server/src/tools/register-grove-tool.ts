import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';

import type { GroveTool } from './define-grove-tool';
import { describeToolError } from './describe-tool-error';
import type { McpToolContext } from './mcp-tool-context';
import { toolError, toolResult } from './tool-result';
import { MCP_TOOL_SCOPES } from './tool-scopes';

/**
 * Registers one tool on the server for one caller. The call first checks the tool's scope in the
 * caller's token (a missing scope is an `isError` result naming it, before any request to the
 * agent), then runs the tool; any thrown error (an agent 4xx, a validation) becomes an `isError`
 * result with its message, never a protocol error. The tool's schemas are shared, not rebuilt.
 *
 * @example
 * ```ts
 * registerGroveTool(server, context, deleteTool(schema));
 * ```
 */
export function registerGroveTool(
  server: McpServer,
  context: McpToolContext,
  tool: GroveTool,
): RegisteredTool {
  const { name, title, description, inputSchema, outputSchema, annotations } = tool;
  const scope = MCP_TOOL_SCOPES[name];
  const callback = async (args: Record<string, unknown>) => {
    if (!context.caller.scopes.includes(scope)) {
      return toolError(
        `The tool ${name} needs the scope "${scope}", which the access token does not grant ` +
          `(granted: ${context.caller.scopes.join(', ') || 'none'}).`,
      );
    }
    try {
      return toolResult(await tool.run(args, context));
    } catch (error) {
      const message = describeToolError(error);
      context.logger('Debug', `MCP tool ${name} failed: ${message}`);

      return toolError(message);
    }
  };

  return server.registerTool(
    name,
    { title, description, inputSchema, outputSchema, annotations },
    callback,
  );
}
