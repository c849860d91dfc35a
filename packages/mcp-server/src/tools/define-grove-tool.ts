import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

import type { McpToolContext, McpToolName } from './mcp-tool-context';

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
 * A tool ready to be registered on any number of servers: its input and output shapes built
 * into zod objects once (the MCP SDK would build them again at each registration, and zod
 * compiles an object's parser on its first use), and a `run` that takes the caller's context.
 */
export interface GroveTool {
  readonly name: McpToolName;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: z.ZodObject;
  readonly outputSchema: z.ZodObject;
  readonly annotations: ToolAnnotations;
  run(args: Record<string, unknown>, context: McpToolContext): Promise<Record<string, unknown>>;
}

/**
 * A tool from its definition (typed against its own shapes): built once per agent schema, then
 * registered for each request's caller by `registerGroveTool`.
 *
 * @example
 * ```ts
 * const tool = defineGroveTool({ name: 'delete', title: 'Delete records', inputSchema, … });
 * ```
 */
export function defineGroveTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(
  definition: GroveToolDefinition<I, O>,
): GroveTool {
  const { name, title, description, annotations } = definition;

  return {
    name,
    title,
    description,
    annotations,
    inputSchema: z.object(definition.inputSchema),
    outputSchema: z.object(definition.outputSchema),
    run: async (args, context) => await definition.run(args as z.output<z.ZodObject<I>>, context),
  };
}
