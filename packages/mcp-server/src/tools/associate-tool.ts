import type { AgentSchema } from '@grove/agent-client';
import { packRecordId } from '@grove/agent-client';
import { z } from 'zod';

import { defineGroveTool } from './define-grove-tool';
import type { GroveTool } from './define-grove-tool';
import { collectionNameSchema, recordIdSchema } from './tool-input-schemas';

/**
 * The `associate` tool (scope `mcp:write`): links a record to a parent record through a
 * one-to-many or many-to-many relation (a join row for many-to-many).
 *
 * @example
 * ```ts
 * registerGroveTool(server, context, associateTool(schema));
 * // tools/call associate { collectionName: 'authors', parentRecordId: 1, relationName: 'books',
 * //   targetRecordId: 4 } → { success: true, message: 'Successfully associated record 4 …' }
 * ```
 */
export function associateTool(schema: AgentSchema | undefined): GroveTool {
  return defineGroveTool({
    name: 'associate',
    title: 'Link records',
    description:
      'Links the record targetRecordId to the record parentRecordId of collectionName through ' +
      'the one-to-many or many-to-many relation relationName (many-to-many: creates the join row).',
    inputSchema: {
      collectionName: collectionNameSchema(schema),
      relationName: z.string().min(1).describe('A one-to-many or many-to-many relation.'),
      parentRecordId: recordIdSchema,
      targetRecordId: recordIdSchema,
    },
    outputSchema: { success: z.boolean(), message: z.string() },
    annotations: { title: 'Link records', readOnlyHint: false, destructiveHint: false },
    async run({ collectionName, relationName, parentRecordId, targetRecordId }, { agent }) {
      await agent
        .collection(collectionName)
        .relation(relationName, parentRecordId)
        .associate(targetRecordId);

      return {
        success: true,
        message:
          `Successfully associated record ${packRecordId(targetRecordId)} with ` +
          `${collectionName}/${packRecordId(parentRecordId)} through relation "${relationName}"`,
      };
    },
  });
}
