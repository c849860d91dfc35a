import type { AgentSchema } from '@grove/agent-client';

import { associateTool } from './associate-tool';
import { createTool } from './create-tool';
import type { GroveTool } from './define-grove-tool';
import { deleteTool } from './delete-tool';
import { describeCollectionTool } from './describe-collection-tool';
import { dissociateTool } from './dissociate-tool';
import { executeActionTool } from './execute-action-tool';
import { getActionFormTool } from './get-action-form-tool';
import { listRelatedTool } from './list-related-tool';
import { listTool } from './list-tool';
import type { McpToolName } from './mcp-tool-context';
import { updateTool } from './update-tool';

/** The ten tools, by name. */
export type McpToolDefinitions = Readonly<Record<McpToolName, GroveTool>>;

const builders: Readonly<Record<McpToolName, (schema: AgentSchema | undefined) => GroveTool>> = {
  describeCollection: describeCollectionTool,
  list: listTool,
  listRelated: listRelatedTool,
  create: createTool,
  update: updateTool,
  delete: deleteTool,
  associate: associateTool,
  dissociate: dissociateTool,
  getActionForm: getActionFormTool,
  executeAction: executeActionTool,
};

function build(schema: AgentSchema | undefined): McpToolDefinitions {
  const tools = {} as Record<McpToolName, GroveTool>;
  for (const [name, builder] of Object.entries(builders) as [McpToolName, typeof listTool][]) {
    tools[name] = builder(schema);
  }

  return tools;
}

const bySchema = new WeakMap<AgentSchema, McpToolDefinitions>();
let withoutSchema: McpToolDefinitions | undefined;

/**
 * The ten tools of an agent schema, built once per schema object (their `collectionName` enum,
 * the actions' inputs) and shared by every request that reads the same schema: a new schema
 * object (the agent published another one) gets its own, and the old ones go with their schema.
 * Without a schema, one set of degraded tools.
 *
 * @example
 * ```ts
 * const tools = mcpToolDefinitions(schema);
 * registerGroveTool(server, context, tools.list);
 * ```
 */
export function mcpToolDefinitions(schema: AgentSchema | undefined): McpToolDefinitions {
  if (schema === undefined) {
    withoutSchema ??= build(undefined);

    return withoutSchema;
  }
  let tools = bySchema.get(schema);
  if (tools === undefined) {
    tools = build(schema);
    bySchema.set(schema, tools);
  }

  return tools;
}
