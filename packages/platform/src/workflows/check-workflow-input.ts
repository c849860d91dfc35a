import { ValidationError } from '@grove/datasource-toolkit';

import type { WorkflowStep } from '../database/models/public-api-rows';
import type { StoredAction, StoredCollection, StoredSchema } from '../schema/stored-schema';
import { checkName } from '../services/create-project';

/** Most steps a workflow has. */
export const MAX_WORKFLOW_STEPS = 20;

/** Largest form values of one step, serialized (bytes), and their deepest nesting. */
export const MAX_STEP_VALUES_BYTES = 16 * 1024;
const MAX_VALUES_DEPTH = 8;
const MAX_VALUES_NODES = 2_000;

/** A workflow as the admin API takes it, checked. */
export interface WorkflowInput {
  readonly name: string;
  readonly collectionName: string;
  readonly steps: readonly WorkflowStep[];
  readonly webhookEnabled: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Refuses values nested too deep or with too many nodes, walking them iteratively (no recursion a
 * crafted body could exhaust), then measures their JSON.
 */
function checkValues(values: unknown, index: number): Record<string, unknown> {
  if (!isObject(values)) throw new ValidationError(`steps[${index}].values must be a JSON object`);
  const pending: Array<readonly [unknown, number]> = [[values, 1]];
  let nodes = 0;
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    nodes += 1;
    if (depth > MAX_VALUES_DEPTH || nodes > MAX_VALUES_NODES) {
      throw new ValidationError(`steps[${index}].values are too large or too deeply nested`);
    }
    if (typeof value === 'object' && value !== null) {
      for (const child of Object.values(value)) pending.push([child, depth + 1]);
    }
  }
  if (Buffer.byteLength(JSON.stringify(values)) > MAX_STEP_VALUES_BYTES) {
    throw new ValidationError(
      `steps[${index}].values are larger than ${MAX_STEP_VALUES_BYTES} bytes`,
    );
  }

  return values;
}

function checkSteps(steps: unknown): WorkflowStep[] {
  if (!Array.isArray(steps) || steps.length === 0 || steps.length > MAX_WORKFLOW_STEPS) {
    throw new ValidationError(`steps must be a list of 1 to ${MAX_WORKFLOW_STEPS} steps`);
  }

  return steps.map((step: unknown, index) => {
    if (!isObject(step)) throw new ValidationError(`steps[${index}] must be an object`);
    const unknown = Object.keys(step).filter(key => key !== 'actionName' && key !== 'values');
    if (unknown.length > 0) {
      throw new ValidationError(`Unknown fields in steps[${index}]: ${unknown.join(', ')}`);
    }
    const { actionName } = step;
    if (typeof actionName !== 'string' || actionName === '' || actionName.length > 255) {
      throw new ValidationError(`steps[${index}].actionName must be a text of 1 to 255 characters`);
    }

    return { actionName, values: checkValues(step.values ?? {}, index) };
  });
}

/**
 * The collection of an environment's stored schema, or a 400 naming it.
 *
 * @example
 * ```ts
 * const orders = findSchemaCollection(loaded.schema, 'orders');
 * ```
 */
export function findSchemaCollection(schema: StoredSchema, name: string): StoredCollection {
  const collection = schema.collections.find(candidate => candidate.name === name);
  if (!collection) {
    throw new ValidationError(`The collection "${name}" does not exist in this environment`);
  }

  return collection;
}

/**
 * The action of a stored collection, by display name, or a 400 naming it.
 *
 * @example
 * ```ts
 * const action = findSchemaAction(orders, 'Refund'); // { id, name, endpoint, … }
 * ```
 */
export function findSchemaAction(collection: StoredCollection, name: string): StoredAction {
  const action = collection.actions.find(candidate => candidate.name === name);
  if (!action) {
    throw new ValidationError(
      `The action "${name}" does not exist on the collection "${collection.name}"`,
    );
  }

  return action;
}

/**
 * Checks a workflow of the admin API (`{ name, collectionName, steps, webhookEnabled }`) against
 * the environment's stored schema: a name of 1 to 255 characters, 1 to 20 steps, each an action
 * of the collection with its form values (a JSON object of 16 KiB at most). A 400 naming the
 * first problem otherwise (a missing collection or action by name); a schema never uploaded is a
 * 400 too (nothing can be checked).
 *
 * @example
 * ```ts
 * const input = checkWorkflowInput(req.body, loaded?.schema ?? null);
 * ```
 */
export function checkWorkflowInput(
  body: Record<string, unknown>,
  schema: StoredSchema | null,
): WorkflowInput {
  const name = checkName('workflow', body.name);
  if (typeof body.collectionName !== 'string' || body.collectionName === '') {
    throw new ValidationError('collectionName must be a non-empty text');
  }
  if (body.webhookEnabled !== undefined && typeof body.webhookEnabled !== 'boolean') {
    throw new ValidationError('webhookEnabled must be a boolean');
  }
  const steps = checkSteps(body.steps);
  if (!schema) {
    throw new ValidationError(
      "This environment's agent has not uploaded its schema yet: start it once",
    );
  }
  const collection = findSchemaCollection(schema, body.collectionName);
  for (const step of steps) findSchemaAction(collection, step.actionName);

  return {
    name,
    collectionName: collection.name,
    steps,
    webhookEnabled: body.webhookEnabled ?? false,
  };
}
