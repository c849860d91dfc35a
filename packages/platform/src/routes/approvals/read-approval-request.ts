import { ValidationError } from '@grove/datasource-toolkit';

/**
 * An approval request as the agent client sends it (docs/platform-protocol.md#approvals), checked.
 */
export interface ApprovalRequestInput {
  readonly actionName: string;
  readonly collectionName: string;
  readonly recordIds: string[];
  readonly inputs: { name: string; type: string; value: unknown }[];
}

type Json = Record<string, unknown>;

const MAX_RECORDS = 1000;
const MAX_INPUTS = 100;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function name(field: string, value: unknown): string {
  if (typeof value !== 'string' || value === '' || value.length > 255) {
    throw new ValidationError(`${field} must be a string of 1 to 255 characters`);
  }

  return value;
}

/**
 * Reads `POST /api/action-approvals`: `{ data: { type: 'action-approvals', attributes: {
 * status: null, action_name, collection_name, record_ids, inputs: [{ name, type, value }] } } }`.
 * Names of 1 to 255 characters, at most 1 000 record ids (strings or numbers, 255 characters)
 * and 100 inputs; 400 otherwise.
 *
 * @example
 * ```ts
 * readApprovalRequest({ data: { type: 'action-approvals', attributes: {
 *   action_name: 'Refund', collection_name: 'orders', record_ids: ['1'], inputs: [] } } });
 * ```
 */
export function readApprovalRequest(body: unknown): ApprovalRequestInput {
  const data = isObject(body) ? body.data : undefined;
  if (!isObject(data) || data.type !== 'action-approvals' || !isObject(data.attributes)) {
    throw new ValidationError(
      'The body must be { data: { type: "action-approvals", attributes } }',
    );
  }
  const { attributes } = data;
  if (attributes.status !== undefined && attributes.status !== null) {
    throw new ValidationError('A new approval request has no status');
  }
  const ids: unknown = attributes.record_ids ?? [];
  if (!Array.isArray(ids) || ids.length > MAX_RECORDS) {
    throw new ValidationError(`record_ids must be a list of at most ${MAX_RECORDS} ids`);
  }
  const recordIds = ids.map(id => {
    const text = typeof id === 'number' && Number.isFinite(id) ? String(id) : id;
    if (typeof text !== 'string' || text === '' || text.length > 255) {
      throw new ValidationError('Each record id must be a string of 1 to 255 characters');
    }

    return text;
  });
  const rawInputs: unknown = attributes.inputs ?? [];
  if (!Array.isArray(rawInputs) || rawInputs.length > MAX_INPUTS) {
    throw new ValidationError(`inputs must be a list of at most ${MAX_INPUTS} fields`);
  }
  const inputs = rawInputs.map(input => {
    if (!isObject(input)) throw new ValidationError('Each input is { name, type, value }');

    return {
      name: name('An input name', input.name),
      type: name('An input type', input.type),
      value: input.value ?? null,
    };
  });

  return {
    actionName: name('action_name', attributes.action_name),
    collectionName: name('collection_name', attributes.collection_name),
    recordIds,
    inputs,
  };
}
