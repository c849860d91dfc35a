import type { AgentSchema } from '@grove/agent-client';
import { z } from 'zod';

import { parseJsonInput } from './parse-json-input';
import { defineGroveTool } from './define-grove-tool';
import type { GroveTool } from './define-grove-tool';
import { collectionNameSchema, jsonObjectSchema, recordIdSchema } from './tool-input-schemas';

/**
 * The `create` tool (scope `mcp:write`): creates a record from its attributes (schema field
 * names; a JSON string is accepted) and, optionally, links to-one relations. The agent checks the
 * rights and the validation rules; a failed rule names the field.
 *
 * @example
 * ```ts
 * registerGroveTool(server, context, createTool(schema));
 * // tools/call create { collectionName: 'books', attributes: { title: 'Dune' },
 * //   relationships: { author: 1 } }
 * // → { record: { id: 4, title: 'Dune', … } }
 * ```
 */
export function createTool(schema: AgentSchema | undefined): GroveTool {
  return defineGroveTool({
    name: 'create',
    title: 'Create a record',
    description:
      'Creates a record. `attributes` maps field names (as describeCollection lists them) to ' +
      'values. `relationships` optionally links many-to-one / one-to-one relations: relation ' +
      'name → id of the target record (null for none).',
    inputSchema: {
      collectionName: collectionNameSchema(schema),
      attributes: jsonObjectSchema('The field values of the new record.'),
      relationships: z
        .record(z.string(), recordIdSchema.nullable())
        .optional()
        .describe('To-one relations to link: relation name → target record id.'),
    },
    outputSchema: { record: z.record(z.string(), z.unknown()) },
    annotations: { title: 'Create a record', readOnlyHint: false, destructiveHint: false },
    async run({ collectionName, attributes, relationships }, { agent }) {
      const record = await agent
        .collection(collectionName)
        .create(
          parseJsonInput(attributes, 'attributes'),
          relationships === undefined ? {} : { relationships },
        );

      return { record };
    },
  });
}
