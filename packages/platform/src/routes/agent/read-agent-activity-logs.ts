import { ValidationError } from '@grove/datasource-toolkit';

/**
 * Where an agent operation came from (Grove's addition,
 * docs/platform-protocol.md#agent-activity-logs).
 */
export type AgentActivitySource = 'ui' | 'mcp' | 'webhook' | 'api';

/** One entry of `POST /liana/v1/activity-logs`, checked. */
export interface AgentActivityLogEntry {
  readonly userId: number;
  readonly renderingId: number;
  readonly type: 'read' | 'write';
  readonly action: string;
  readonly collectionName: string | null;
  readonly recordIds: string[] | null;
  readonly label: string | null;
  readonly source: AgentActivitySource;
  readonly status: 'pending' | 'completed';
  readonly workflowRunId: string | null;
  readonly workflowName: string | null;
  readonly workflowStepName: string | null;
  readonly apiTokenId: number | null;
}

/** Most entries of one call (a batch of reads). */
export const MAX_AGENT_ACTIVITY_LOGS = 500;
const MAX_RECORDS = 1000;
const TYPES = new Set(['read', 'write']);
const SOURCES = new Set(['ui', 'mcp', 'webhook', 'api']);
const STATUSES = new Set(['pending', 'completed']);

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(index: number, detail: string): never {
  throw new ValidationError(`logs[${index}]: ${detail}`);
}

/** A positive 32-bit id, as a number or a string of digits. */
function id(index: number, name: string, value: unknown, optional: boolean): number | null {
  if (optional && (value === undefined || value === null)) return null;
  const raw = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) {
    fail(index, `${name} must be a positive integer id`);
  }

  return Number(raw);
}

function text(index: number, name: string, value: unknown, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > max) {
    fail(index, `${name} must be a string of at most ${max} characters`);
  }

  return value;
}

function oneOf<T extends string>(index: number, name: string, value: unknown, set: Set<string>): T {
  if (typeof value !== 'string' || !set.has(value)) {
    fail(index, `${name} must be one of ${[...set].join(', ')}`);
  }

  return value as T;
}

function records(index: number, value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length > MAX_RECORDS) {
    fail(index, `recordIds must be a list of at most ${MAX_RECORDS} ids`);
  }

  return value.map(record => {
    if (typeof record !== 'string' || record.length > 255) {
      fail(index, 'each record id must be a string of at most 255 characters');
    }

    return record;
  });
}

function readEntry(index: number, entry: unknown): AgentActivityLogEntry {
  if (!isObject(entry)) fail(index, 'an entry is an object');
  const action = text(index, 'action', entry.action, 64);
  if (!action) fail(index, 'an entry needs an action');

  return {
    userId: id(index, 'userId', entry.userId, false) as number,
    renderingId: id(index, 'renderingId', entry.renderingId, false) as number,
    type: oneOf(index, 'type', entry.type, TYPES),
    action,
    collectionName: text(index, 'collectionName', entry.collectionName, 255),
    recordIds: records(index, entry.recordIds),
    label: text(index, 'label', entry.label, 1024),
    source: oneOf(index, 'source', entry.source, SOURCES),
    status: oneOf(index, 'status', entry.status, STATUSES),
    workflowRunId: text(index, 'workflowRunId', entry.workflowRunId, 36),
    workflowName: text(index, 'workflowName', entry.workflowName, 255),
    workflowStepName: text(index, 'workflowStepName', entry.workflowStepName, 255),
    apiTokenId: id(index, 'apiTokenId', entry.apiTokenId, true),
  };
}

/**
 * Reads the body of `POST /liana/v1/activity-logs`: `{ logs: [...] }` with 1 to 500 entries,
 * each checked field by field (ids, enums, lengths: at most 1 000 record ids of 255
 * characters). Any bad entry refuses the whole body (400 naming the entry).
 *
 * @example
 * ```ts
 * readAgentActivityLogs({ logs: [{ userId: 1, renderingId: 2, type: 'read', action: 'index',
 *   source: 'ui', status: 'completed' }] });
 * ```
 */
export function readAgentActivityLogs(body: unknown): AgentActivityLogEntry[] {
  const logs = isObject(body) ? body.logs : undefined;
  if (!Array.isArray(logs) || logs.length === 0 || logs.length > MAX_AGENT_ACTIVITY_LOGS) {
    throw new ValidationError(
      `The body must be { logs: [...] } with 1 to ${MAX_AGENT_ACTIVITY_LOGS} entries`,
    );
  }

  return logs.map((entry, index) => readEntry(index, entry));
}
