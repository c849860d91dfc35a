import type { Action, AgentClient, AgentSchema, RecordId } from '@grove/agent-client';
import { NotFoundError, ValidationError } from '@grove/datasource-toolkit';
import { z } from 'zod';

import { parseJsonInput } from './parse-json-input';
import { collectionNameSchema, jsonObjectSchema, recordIdSchema } from './tool-input-schemas';

/** The inputs `getActionForm` and `executeAction` share. */
export function actionInputShape(schema: AgentSchema | undefined) {
  return {
    collectionName: collectionNameSchema(schema),
    actionName: z.string().min(1).describe('The action, by its name (see describeCollection).'),
    recordIds: z
      .array(recordIdSchema)
      .max(1000)
      .nullable()
      .describe('The records the action runs on; null for a global action.'),
    values: jsonObjectSchema(
      'Form values: field name → value (the value, not the label).',
    ).optional(),
  };
}

/** A loaded action with the given values applied, and the names the form does not have. */
export interface LoadedActionForm {
  readonly action: Action;
  readonly skippedFields: readonly string[];
}

/** What {@link loadActionForm} needs. */
export interface LoadActionFormOptions {
  readonly agent: AgentClient;
  readonly schema: AgentSchema | undefined;
  readonly collectionName: string;
  readonly actionName: string;
  readonly recordIds: readonly RecordId[] | null;
  readonly values: unknown;
}

/**
 * Loads an action's form on the records (`hooks/load`) and fills the given values in order; a
 * field with a change hook re-evaluates the form (`hooks/change`) on the values set so far, and
 * a value whose field only appears after such a change is set once it appears. Names the form
 * never shows are returned as `skippedFields`.
 *
 * @example
 * ```ts
 * const { action, skippedFields } = await loadActionForm({ agent, schema,
 *   collectionName: 'books', actionName: 'Discount', recordIds: [1], values: { Kind: 'percent' } });
 * ```
 */
export async function loadActionForm(options: LoadActionFormOptions): Promise<LoadedActionForm> {
  const { agent, schema, collectionName, actionName } = options;
  if (schema === undefined) {
    throw new ValidationError('Actions need the agent schema, which the MCP server could not read');
  }
  const actions = schema.collections.find(c => c.name === collectionName)?.actions ?? [];
  if (!actions.some(action => action.name === actionName)) {
    const names = actions.map(action => action.name).join(', ') || 'none';
    throw new NotFoundError(
      `Action "${actionName}" not found on collection "${collectionName}" (actions: ${names})`,
    );
  }
  const action = await agent
    .collection(collectionName)
    .action(actionName, { recordIds: options.recordIds ?? [] });
  let pending = Object.entries(
    options.values === undefined ? {} : parseJsonInput(options.values, 'values'),
  );
  let progress = true;
  while (pending.length > 0 && progress) {
    progress = false;
    const next: [string, unknown][] = [];
    for (const [name, value] of pending) {
      if (action.hasField(name)) {
        await action.setFields({ [name]: value });
        progress = true;
      } else next.push([name, value]);
    }
    pending = next;
  }

  return { action, skippedFields: pending.map(([name]) => name) };
}
