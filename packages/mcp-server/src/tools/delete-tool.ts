import type { AgentSchema } from '@grove/agent-client';
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

import type { McpToolContext } from './mcp-tool-context';
import { registerGroveTool } from './register-grove-tool';
import { collectionNameSchema, recordIdsSchema } from './tool-input-schemas';

/**
 * Registers `delete` (scope `mcp:write`, destructive): deletes records by id in one request.
 * `deletedCount` is the number of ids sent (the agent deletes those the caller may see).
 *
 * @example
 * ```ts
 * registerDeleteTool(server, context, schema);
 * // tools/call delete { collectionName: 'books', recordIds: [4, 5] } → { deletedCount: 2 }
 * ```
 */
export function registerDeleteTool(
  server: McpServer,
  context: McpToolContext,
  schema: AgentSchema | undefined,
): RegisteredTool {
  return registerGroveTool(server, context, {
    name: 'delete',
    title: 'Delete records',
    description: 'Deletes records of a collection by id. This cannot be undone.',
    inputSchema: { collectionName: collectionNameSchema(schema), recordIds: recordIdsSchema },
    outputSchema: { deletedCount: z.number() },
    annotations: { title: 'Delete records', readOnlyHint: false, destructiveHint: true },
    async run({ collectionName, recordIds }, { agent }) {
      await agent.collection(collectionName).delete(recordIds);

      return { deletedCount: recordIds.length };
    },
  });
}
