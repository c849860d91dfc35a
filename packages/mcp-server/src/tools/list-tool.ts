import type { AgentSchema } from '@grove/agent-client';

import { listInputShape, listOutputShape, toListOptions } from './list-input';
import { defineGroveTool } from './define-grove-tool';
import type { GroveTool } from './define-grove-tool';
import { collectionNameSchema } from './tool-input-schemas';

/**
 * The `list` tool (scope `mcp:read`): records of a collection with search, a condition tree
 * (operators in any casing), sort, pagination, a projection with `relation:field` paths and an
 * optional total count. Records keep their schema field names.
 *
 * @example
 * ```ts
 * registerGroveTool(server, context, listTool(schema));
 * // tools/call list { collectionName: 'books', filters: { field: 'title', operator: 'icontains',
 * //   value: 'dune' }, fields: ['id', 'title', 'author:name'], enableCount: true }
 * // → { records: [{ id: 1, title: 'Dune', author: { name: 'Herbert' } }], totalCount: 1 }
 * ```
 */
export function listTool(schema: AgentSchema | undefined): GroveTool {
  return defineGroveTool({
    name: 'list',
    title: 'List records',
    description:
      'Lists records of a collection. Call describeCollection first for field names and ' +
      'operators. `filters` is a condition tree ({ field, operator, value } or { aggregator, ' +
      'conditions }); "relation:field" filters on a to-one relation. `fields` projects columns ' +
      'and "relation:field" sub-fields. Pagination defaults to 15 records from page 1.',
    inputSchema: { collectionName: collectionNameSchema(schema), ...listInputShape },
    outputSchema: listOutputShape,
    annotations: { title: 'List records', readOnlyHint: true },
    async run({ collectionName, enableCount, ...input }, { agent }) {
      const options = toListOptions(input);
      const collection = agent.collection(collectionName);
      const [records, totalCount] = await Promise.all([
        collection.list(options),
        enableCount === true ? collection.count(options) : Promise.resolve(undefined),
      ]);

      return totalCount === undefined ? { records } : { records, totalCount };
    },
  });
}
