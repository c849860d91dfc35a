import type { AgentSchema, AgentSchemaCollection, AgentSchemaField } from '@grove/agent-client';
import { isAgentClientError } from '@grove/agent-client';
import { NotFoundError, parseOperator } from '@grove/datasource-toolkit';
import { z } from 'zod';

import type { McpToolContext } from './mcp-tool-context';
import { defineGroveTool } from './define-grove-tool';
import type { GroveTool } from './define-grove-tool';
import { collectionNameSchema } from './tool-input-schemas';

const relationTypes: Readonly<Record<string, string>> = {
  HasMany: 'one-to-many',
  BelongsToMany: 'many-to-many',
  BelongsTo: 'many-to-one',
  HasOne: 'one-to-one',
};

const outputSchema = {
  collection: z.string(),
  fields: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      operators: z.array(z.string()).nullable(),
      isPrimaryKey: z.boolean(),
      isReadOnly: z.boolean(),
      isRequired: z.boolean(),
      isSortable: z.boolean(),
      enumValues: z.array(z.string()).optional(),
    }),
  ),
  relations: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      targetCollection: z.string().nullable(),
      isPolymorphic: z.boolean().optional(),
      polymorphicTargets: z.array(z.string()).optional(),
    }),
  ),
  actions: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      description: z.string().nullable(),
      hasForm: z.boolean(),
      download: z.boolean(),
    }),
  ),
  _meta: z.object({
    capabilitiesAvailable: z.boolean(),
    skippedActions: z.array(z.object({ name: z.string(), reason: z.string() })).optional(),
    note: z.string().optional(),
  }),
};

/** A schema type as a string: `Number`, `String[]` for lists, `Object` for nested documents. */
function typeName(type: unknown): string {
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return `${typeName(type[0])}[]`;

  return 'Object';
}

function isRelation(field: AgentSchemaField): boolean {
  return typeof field.reference === 'string' || typeof field.relationship === 'string';
}

function describeRelation(field: AgentSchemaField) {
  const targets = field.polymorphicReferencedModels;
  if (Array.isArray(targets)) {
    return {
      name: field.field,
      type: relationTypes[String(field.relationship)] ?? String(field.relationship ?? 'unknown'),
      targetCollection: null,
      isPolymorphic: true,
      polymorphicTargets: targets.map(String),
    };
  }

  return {
    name: field.field,
    type: relationTypes[String(field.relationship)] ?? String(field.relationship ?? 'unknown'),
    targetCollection: typeof field.reference === 'string' ? field.reference.split('.')[0]! : null,
  };
}

async function operatorsByField(
  context: McpToolContext,
  name: string,
): Promise<Map<string, string[]> | undefined> {
  try {
    const [capabilities] = await context.agent.capabilities([name]);

    return new Map(
      (capabilities?.fields ?? []).map(field => [
        field.name,
        (field.operators ?? []).map(operator => parseOperator(operator) ?? operator),
      ]),
    );
  } catch (error) {
    // Agents without the capabilities route: describe from the schema alone.
    if (isAgentClientError(error) && error.status === 404) return undefined;
    throw error;
  }
}

function describe(collection: AgentSchemaCollection, operators: Map<string, string[]> | undefined) {
  const columns = collection.fields.filter(field => !isRelation(field));
  const actions = collection.actions ?? [];

  return {
    collection: collection.name,
    fields: columns.map(field => ({
      name: field.field,
      type: typeName(field.type),
      operators: operators === undefined ? null : (operators.get(field.field) ?? []),
      isPrimaryKey: field.isPrimaryKey === true,
      isReadOnly: field.isReadOnly === true,
      isRequired: field.isRequired === true,
      isSortable: field.isSortable === true,
      ...(Array.isArray(field.enums) && field.enums.length > 0
        ? { enumValues: field.enums.map(String) }
        : {}),
    })),
    relations: collection.fields.filter(isRelation).map(describeRelation),
    actions: actions
      .filter(action => action.endpoint)
      .map(action => ({
        name: action.name,
        type: action.type ?? 'single',
        description: typeof action.description === 'string' ? action.description : null,
        hasForm: (action.fields?.length ?? 0) > 0 || action.hooks?.load === true,
        download: action.download === true,
      })),
    _meta: {
      capabilitiesAvailable: operators !== undefined,
      ...(actions.some(action => !action.endpoint)
        ? {
            skippedActions: actions
              .filter(action => !action.endpoint)
              .map(action => ({ name: action.name, reason: 'no endpoint configured' })),
          }
        : {}),
      ...(operators === undefined
        ? { note: 'Operators unavailable (older agent version). Fields have operators: null.' }
        : {}),
    },
  };
}

/**
 * The `describeCollection` tool (scope `mcp:read`, always enabled): the fields of a collection
 * with their types and filter operators (in the casing `list` accepts), its relations and its
 * actions, from the agent schema and the agent's capabilities.
 *
 * @example
 * ```ts
 * registerGroveTool(server, context, describeCollectionTool(schema));
 * // tools/call describeCollection { collectionName: 'books' }
 * // → { collection: 'books', fields: [{ name: 'title', operators: ['Equal', 'IContains', …] }], … }
 * ```
 */
export function describeCollectionTool(schema: AgentSchema | undefined): GroveTool {
  return defineGroveTool({
    name: 'describeCollection',
    title: 'Describe a collection',
    description:
      'Always call this first: the fields of a collection (types, filter operators, primary key, ' +
      'read-only, required, sortable), its relations (with their target collection) and its ' +
      'actions (type single/bulk/global; hasForm: call getActionForm; download actions cannot ' +
      'be run by AI). Polymorphic relations are filtered on their _id and _type columns. ' +
      'Check `_meta` for what could not be described.',
    inputSchema: { collectionName: collectionNameSchema(schema) },
    outputSchema,
    annotations: { title: 'Describe a collection', readOnlyHint: true },
    async run({ collectionName }, toolContext) {
      const collection = schema?.collections.find(c => c.name === collectionName);
      if (collection === undefined) {
        throw new NotFoundError(`Collection "${collectionName}" not found in the agent schema`);
      }

      return describe(collection, await operatorsByField(toolContext, collectionName));
    },
  });
}
