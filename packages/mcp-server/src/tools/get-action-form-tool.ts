import type { Action, AgentSchema } from '@grove/agent-client';
import { z } from 'zod';

import { actionInputShape, loadActionForm } from './load-action-form';
import { defineGroveTool } from './define-grove-tool';
import type { GroveTool } from './define-grove-tool';

const outputSchema = {
  fields: z.array(
    z.object({
      name: z.string(),
      label: z.string().optional(),
      type: z.string(),
      value: z.unknown().optional(),
      isRequired: z.boolean(),
      isReadOnly: z.boolean(),
      description: z.string().optional(),
      enumValues: z.array(z.string()).optional(),
      allowedValues: z.array(z.object({ value: z.unknown(), label: z.string() })).optional(),
    }),
  ),
  canExecute: z.boolean(),
  requiredFields: z.array(z.string()),
  skippedFields: z.array(z.string()),
};

function isFilled(value: unknown): boolean {
  return !(
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The form of an action as the model reads it: the fields (name, type, current value, required,
 * choices), whether it can be executed, the required fields still empty and the given names the
 * form does not have.
 *
 * @example
 * ```ts
 * describeActionForm(action, []); // { fields: [...], canExecute: false, requiredFields: ['Kind'], skippedFields: [] }
 * ```
 */
export function describeActionForm(action: Action, skippedFields: readonly string[]) {
  const fields = action.getFields().map(field => {
    const handle = action.getField(field.field);
    const choices = field.widgetEdit ? handle.getOptions() : [];

    return {
      name: field.field,
      ...(field.label !== undefined && field.label !== field.field ? { label: field.label } : {}),
      type: handle.getType(),
      ...(field.value === undefined ? {} : { value: field.value }),
      isRequired: field.isRequired === true,
      isReadOnly: field.isReadOnly === true,
      ...(typeof field.description === 'string' && field.description !== ''
        ? { description: field.description }
        : {}),
      ...(Array.isArray(field.enums) && field.enums.length > 0
        ? { enumValues: field.enums.map(String) }
        : {}),
      ...(choices.length > 0
        ? { allowedValues: choices.map(({ value, label }) => ({ value, label })) }
        : {}),
    };
  });
  const requiredFields = fields
    .filter(field => field.isRequired && !isFilled(field.value))
    .map(field => field.name);

  return {
    fields,
    canExecute: requiredFields.length === 0,
    requiredFields,
    skippedFields: [...skippedFields],
  };
}

/**
 * The `getActionForm` tool (scope `mcp:read`, read-only): loads an action's form on records and
 * applies the given values, running the form's change hooks on them, so the model sees the form
 * as a user would after typing those values.
 *
 * @example
 * ```ts
 * registerGroveTool(server, context, getActionFormTool(schema));
 * // tools/call getActionForm { collectionName: 'books', actionName: 'Discount', recordIds: [1],
 * //   values: { Kind: 'percent' } } → { fields: [{ name: 'Percent', type: 'Number', … }], canExecute: false, … }
 * ```
 */
export function getActionFormTool(schema: AgentSchema | undefined): GroveTool {
  return defineGroveTool({
    name: 'getActionForm',
    title: 'Read an action form',
    description:
      'MUST be called before executeAction. Loads the form of an action on the records ' +
      '(recordIds; null for a global action) with the given values: fields whose value changes ' +
      'the form are re-evaluated, so call it again with more values until canExecute is true, ' +
      'then call executeAction with the same values. For choices, submit the value, not the ' +
      'label. skippedFields lists names the form does not have.',
    inputSchema: actionInputShape(schema),
    outputSchema,
    annotations: { title: 'Read an action form', readOnlyHint: true },
    async run({ collectionName, actionName, recordIds, values }, { agent }) {
      const { action, skippedFields } = await loadActionForm({
        agent,
        schema,
        collectionName,
        actionName,
        recordIds,
        values,
      });

      return describeActionForm(action, skippedFields);
    },
  });
}
