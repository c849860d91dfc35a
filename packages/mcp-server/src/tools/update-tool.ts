import type { AgentSchema } from '@grove/agent-client';
import { z } from 'zod';

import { parseJsonInput } from './parse-json-input';
import { defineGroveTool } from './define-grove-tool';
import type { GroveTool } from './define-grove-tool';
import { collectionNameSchema, jsonObjectSchema, recordIdSchema } from './tool-input-schemas';

/**
 * The `update` tool (scope `mcp:write`): changes fields of one record. The result is the record
 * re-read, or `null` when the change took it out of the caller's scope.
 *
 * @example
 * ```ts
 * registerGroveTool(server, context, updateTool(schema));
 * // tools/call update { collectionName: 'books', recordId: 4, attributes: { title: 'Dune Messiah' } }
 * // → { record: { id: 4, title: 'Dune Messiah', … } }
 * ```
 */
export function updateTool(schema: AgentSchema | undefined): GroveTool {
  return defineGroveTool({
    name: 'update',
    title: 'Update a record',
    description:
      'Updates one record: `attributes` maps field names to their new values (other fields ' +
      'are kept). Composite ids are given as ["k1", "k2"] or "k1|k2".',
    inputSchema: {
      collectionName: collectionNameSchema(schema),
      recordId: recordIdSchema,
      attributes: jsonObjectSchema('The fields to change and their new values.'),
    },
    outputSchema: { record: z.record(z.string(), z.unknown()).nullable() },
    annotations: { title: 'Update a record', readOnlyHint: false },
    async run({ collectionName, recordId, attributes }, { agent }) {
      const record = await agent
        .collection(collectionName)
        .update(recordId, parseJsonInput(attributes, 'attributes'));

      return { record };
    },
  });
}
