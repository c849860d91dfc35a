import type { AgentSchema } from '@grove/agent-client';
import { packRecordId } from '@grove/agent-client';
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

import type { McpToolContext } from './mcp-tool-context';
import { registerGroveTool } from './register-grove-tool';
import { collectionNameSchema, recordIdSchema } from './tool-input-schemas';

/**
 * Registers `associate` (scope `mcp:write`): links a record to a parent record through a
 * one-to-many or many-to-many relation (a join row for many-to-many).
 *
 * @example
 * ```ts
 * registerAssociateTool(server, context, schema);
 * // tools/call associate { collectionName: 'authors', parentRecordId: 1, relationName: 'books',
 * //   targetRecordId: 4 } → { success: true, message: 'Successfully associated record 4 …' }
 * ```
 */
export function registerAssociateTool(
  server: McpServer,
  context: McpToolContext,
  schema: AgentSchema | undefined,
): RegisteredTool {
  return registerGroveTool(server, context, {
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
