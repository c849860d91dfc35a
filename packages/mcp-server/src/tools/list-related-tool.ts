import type { AgentSchema } from '@grove/agent-client';
import { z } from 'zod';

import { listInputShape, listOutputShape, toListOptions } from './list-input';
import { defineGroveTool } from './define-grove-tool';
import type { GroveTool } from './define-grove-tool';
import { collectionNameSchema, recordIdSchema } from './tool-input-schemas';

/**
 * The `listRelated` tool (scope `mcp:read`): the records linked to a parent record through a
 * to-many relation, with the same search, filters, sort, pagination, projection and count as
 * `list` (expressed on the related collection).
 *
 * @example
 * ```ts
 * registerGroveTool(server, context, listRelatedTool(schema));
 * // tools/call listRelated { collectionName: 'authors', parentRecordId: 1, relationName: 'books' }
 * // → { records: [{ id: 1, title: 'Dune' }, …] }
 * ```
 */
export function listRelatedTool(schema: AgentSchema | undefined): GroveTool {
  return defineGroveTool({
    name: 'listRelated',
    title: 'List related records',
    description:
      'Lists the records linked to one record (collectionName, parentRecordId) through a ' +
      'one-to-many or many-to-many relation (relationName). Filters, sort and fields apply to ' +
      'the related collection, as in list.',
    inputSchema: {
      collectionName: collectionNameSchema(schema),
      relationName: z.string().min(1).describe('A one-to-many or many-to-many relation.'),
      parentRecordId: recordIdSchema,
      ...listInputShape,
    },
    outputSchema: listOutputShape,
    annotations: { title: 'List related records', readOnlyHint: true },
    async run({ collectionName, relationName, parentRecordId, enableCount, ...input }, { agent }) {
      const options = toListOptions(input);
      const relation = agent.collection(collectionName).relation(relationName, parentRecordId);
      const [records, totalCount] = await Promise.all([
        relation.list(options),
        enableCount === true ? relation.count(options) : Promise.resolve(undefined),
      ]);

      return totalCount === undefined ? { records } : { records, totalCount };
    },
  });
}
