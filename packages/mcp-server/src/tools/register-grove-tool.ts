import type {
  McpServer,
  RegisteredTool,
  ToolCallback,
} from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';

import { describeToolError } from './describe-tool-error';
import type { McpToolContext, McpToolName } from './mcp-tool-context';
import { toolError, toolResult } from './tool-result';
import { MCP_TOOL_SCOPES } from './tool-scopes';

/** What a tool file declares: its schemas and what it does through the agent. */
export interface GroveToolDefinition<I extends z.ZodRawShape, O extends z.ZodRawShape> {
  readonly name: McpToolName;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: I;
  readonly outputSchema: O;
  readonly annotations: ToolAnnotations;
  /** Runs the tool as the caller; what it returns must match `outputSchema`. */
  run(args: z.output<z.ZodObject<I>>, context: McpToolContext): Promise<z.input<z.ZodObject<O>>>;
}

/**
 * Registers one tool on the server. The call first checks the tool's scope in the caller's token
 * (a missing scope is an `isError` result naming it, before any request to the agent), then runs
 * the tool; any thrown error (an agent 4xx, a validation) becomes an `isError` result with its
 * message, never a protocol error.
 *
 * @example
 * ```ts
 * registerGroveTool(server, context, { name: 'delete', title: 'Delete records', … });
 * ```
 */
export function registerGroveTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(
  server: McpServer,
  context: McpToolContext,
  definition: GroveToolDefinition<I, O>,
): RegisteredTool {
  const { name, title, description, inputSchema, outputSchema, annotations } = definition;
  const scope = MCP_TOOL_SCOPES[name];
  const callback = async (args: z.output<z.ZodObject<I>>) => {
    if (!context.caller.scopes.includes(scope)) {
      return toolError(
        `The tool ${name} needs the scope "${scope}", which the access token does not grant ` +
          `(granted: ${context.caller.scopes.join(', ') || 'none'}).`,
      );
    }
    try {
      return toolResult(await definition.run(args, context));
    } catch (error) {
      const message = describeToolError(error);
      context.logger('Debug', `MCP tool ${name} failed: ${message}`);

      return toolError(message);
    }
  };

  return server.registerTool(
    name,
    { title, description, inputSchema, outputSchema, annotations },
    callback as unknown as ToolCallback<I>,
  );
}
