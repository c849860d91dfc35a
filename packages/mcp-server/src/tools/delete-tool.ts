import type { AgentSchema } from '@grove/agent-client';
import { z } from 'zod';

import { defineGroveTool } from './define-grove-tool';
import type { GroveTool } from './define-grove-tool';
import { collectionNameSchema, recordIdsSchema } from './tool-input-schemas';

/**
 * The `delete` tool (scope `mcp:write`, destructive): deletes records by id in one request.
 * `deletedCount` is the number of ids sent (the agent deletes those the caller may see).
 *
 * @example
 * ```ts
 * registerGroveTool(server, context, deleteTool(schema));
 * // tools/call delete { collectionName: 'books', recordIds: [4, 5] } → { deletedCount: 2 }
 * ```
 */
export function deleteTool(schema: AgentSchema | undefined): GroveTool {
  return defineGroveTool({
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
