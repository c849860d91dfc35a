import type { AgentSchema } from '@grove/agent-client';
import { packRecordId } from '@grove/agent-client';
import { z } from 'zod';

import { defineGroveTool } from './define-grove-tool';
import type { GroveTool } from './define-grove-tool';
import { collectionNameSchema, recordIdSchema, recordIdsSchema } from './tool-input-schemas';

/**
 * The `dissociate` tool (scope `mcp:write`, destructive): unlinks records from a parent record
 * (many-to-many: removes the join rows); the records themselves are kept.
 *
 * @example
 * ```ts
 * registerGroveTool(server, context, dissociateTool(schema));
 * // tools/call dissociate { collectionName: 'authors', parentRecordId: 1, relationName: 'books',
 * //   targetRecordIds: [4] } → { success: true, message: 'Successfully dissociated 1 record(s) …' }
 * ```
 */
export function dissociateTool(schema: AgentSchema | undefined): GroveTool {
  return defineGroveTool({
    name: 'dissociate',
    title: 'Unlink records',
    description:
      'Unlinks the records targetRecordIds from the record parentRecordId of collectionName ' +
      'through the one-to-many or many-to-many relation relationName. The records are not deleted.',
    inputSchema: {
      collectionName: collectionNameSchema(schema),
      relationName: z.string().min(1).describe('A one-to-many or many-to-many relation.'),
      parentRecordId: recordIdSchema,
      targetRecordIds: recordIdsSchema,
    },
    outputSchema: { success: z.boolean(), message: z.string() },
    annotations: { title: 'Unlink records', readOnlyHint: false, destructiveHint: true },
    async run({ collectionName, relationName, parentRecordId, targetRecordIds }, { agent }) {
      await agent
        .collection(collectionName)
        .relation(relationName, parentRecordId)
        .dissociate(targetRecordIds);

      return {
        success: true,
        message:
          `Successfully dissociated ${targetRecordIds.length} record(s) from ` +
          `${collectionName}/${packRecordId(parentRecordId)} through relation "${relationName}"`,
      };
    },
  });
}
