import type { ActionExecuteResult, AgentSchema } from '@grove/agent-client';
import { isAgentClientError } from '@grove/agent-client';
import { GroveError, ValidationError } from '@grove/datasource-toolkit';
import { z } from 'zod';

import { actionInputShape, loadActionForm } from './load-action-form';
import { defineGroveTool } from './define-grove-tool';
import type { GroveTool } from './define-grove-tool';

const outputSchema = {
  type: z.enum(['Success', 'File', 'Webhook', 'Redirect', 'ApprovalRequested']),
  approvalRequestId: z.string().optional(),
  message: z.string().optional(),
  html: z.string().optional(),
  invalidated: z.array(z.string()).optional(),
  fileName: z.string().optional(),
  mimeType: z.string().optional(),
  size: z.number().optional(),
  url: z.string().optional(),
  method: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  body: z.unknown().optional(),
  redirectTo: z.string().optional(),
};

function describeResult(result: ActionExecuteResult) {
  switch (result.type) {
    case 'Success':
      return {
        type: result.type,
        message: result.message,
        ...(result.html === undefined ? {} : { html: result.html }),
        invalidated: [...result.invalidated],
      };
    case 'Error':
      // The action refused (its own error result): a tool error carrying its message.
      throw new ValidationError(result.message);
    case 'File':
      return {
        type: result.type,
        fileName: result.name,
        mimeType: result.mimeType,
        size: result.buffer.length,
      };
    case 'Webhook':
      return {
        type: result.type,
        url: result.url,
        method: result.method,
        headers: { ...result.headers },
        body: result.body,
      };
    case 'Redirect':
      return { type: result.type, redirectTo: result.path };
  }
}

/**
 * The `executeAction` tool (scope `mcp:action`): loads the action's form, fills the values
 * (change hooks run as in `getActionForm`; an unknown field is an error) and runs the action.
 * A file result is described (name, type, size), not returned.
 *
 * @example
 * ```ts
 * registerGroveTool(server, context, executeActionTool(schema));
 * // tools/call executeAction { collectionName: 'books', actionName: 'Discount', recordIds: [1],
 * //   values: { Kind: 'percent', Percent: 10 } } → { type: 'Success', message: 'Discount applied', … }
 * ```
 */
export function executeActionTool(schema: AgentSchema | undefined): GroveTool {
  return defineGroveTool({
    name: 'executeAction',
    title: 'Run an action',
    description:
      'Runs an action on records (recordIds; null for a global action) with form values. ' +
      'MUST call getActionForm first and pass the same values once canExecute is true. ' +
      '`reasoning` says why you run it.',
    inputSchema: {
      ...actionInputShape(schema),
      reasoning: z.string().max(2000).optional().describe('Why you execute this action.'),
    },
    outputSchema,
    annotations: { title: 'Run an action', readOnlyHint: false },
    async run(
      { collectionName, actionName, recordIds, values, reasoning },
      { agent, requestApproval },
    ) {
      const { action, skippedFields } = await loadActionForm({
        agent,
        schema,
        collectionName,
        actionName,
        recordIds,
        values,
      });
      if (skippedFields.length > 0) {
        throw new ValidationError(`Field "${skippedFields[0]}" does not exist in this form`);
      }
      try {
        return describeResult(await action.execute());
      } catch (error) {
        if (isAgentClientError(error) && error.name === 'CustomActionRequiresApprovalError') {
          if (requestApproval) {
            const { id } = await requestApproval({
              collectionName,
              actionName,
              recordIds: (recordIds ?? []).map(id =>
                Array.isArray(id) ? id.join('|') : String(id),
              ),
              inputs: action.getFields().map(field => ({
                name: field.field,
                type: Array.isArray(field.type) ? `[${String(field.type[0])}]` : String(field.type),
                value: field.value ?? null,
              })),
              ...(reasoning ? { reasoning } : {}),
            });

            return {
              type: 'ApprovalRequested' as const,
              approvalRequestId: id,
              message:
                'Approval requested: this action requires approval by another user before it ' +
                'runs. A request has been created and is pending review.',
            };
          }
          throw new GroveError(
            'ForbiddenError',
            `Approval required: this action must be approved by another user before it runs ` +
              `(${error.message}).`,
            { cause: error },
          );
        }
        throw error;
      }
    },
  });
}
