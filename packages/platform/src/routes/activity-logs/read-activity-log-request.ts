import { ValidationError } from '@grove/datasource-toolkit';

/** The columns of an activity log, read from either request variant. */
export interface ActivityLogRequest {
  readonly action: string;
  /** `read` or `write` (default `write`, the column's default). */
  readonly type: 'read' | 'write';
  readonly label: string | null;
  readonly collectionName: string | null;
  readonly recordIds: string[] | null;
  readonly renderingId: number | undefined;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An optional text field: absent or null gives null; a string up to `max`; else 400. */
function text(name: string, value: unknown, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > max) {
    throw new ValidationError(`${name} must be a string of at most ${max} characters`);
  }

  return value;
}

/** A rendering id (number or numeric string), else undefined. */
function id(value: unknown): number | undefined {
  const raw = typeof value === 'number' ? String(value) : value;

  return typeof raw === 'string' && /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : undefined;
}

const MAX_RECORDS = 1000;
const TYPES = new Set(['read', 'write']);

/** Record ids: absent/null, or at most 1 000 strings (numbers accepted) of 255 characters. */
function records(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length > MAX_RECORDS) {
    throw new ValidationError(`records must be a list of at most ${MAX_RECORDS} ids`);
  }

  return value.map(record => {
    const text = typeof record === 'number' && Number.isFinite(record) ? String(record) : record;
    if (typeof text !== 'string' || text.length > 255) {
      throw new ValidationError('Each record id must be a string of at most 255 characters');
    }

    return text;
  });
}

/**
 * Reads an activity-log request (docs/platform-protocol.md#mcp-activity-logs flat MCP body, or
 * docs/platform-protocol.md#workflow-activity-logs JSON:API body) into the columns of
 * `activity_logs`. Refuses (400) a body without an `action` (64 characters at most), a `type` other
 * than `read`/`write`, a `status` other than `pending`, a label past 1 024 characters, a collection
 * past 255, more than 1 000 record ids or one past 255 characters.
 *
 * @example
 * ```ts
 * readActivityLogRequest({ action: 'index', collectionModelName: 'books', renderingId: '1' });
 * // { action: 'index', type: 'write', collectionName: 'books', renderingId: 1, label: null,
 * //   recordIds: null }
 * ```
 */
export function readActivityLogRequest(body: unknown): ActivityLogRequest {
  const data = isObject(body) && isObject(body.data) ? body.data : undefined;
  const attributes = data ? (isObject(data.attributes) ? data.attributes : {}) : body;
  const relationships = data && isObject(data.relationships) ? data.relationships : {};
  const related = (name: string) => {
    const relation = relationships[name];

    return isObject(relation) && isObject(relation.data) ? relation.data.id : undefined;
  };
  if (!isObject(attributes) || typeof attributes.action !== 'string' || !attributes.action) {
    throw new ValidationError('An activity log needs an action');
  }
  if (attributes.action.length > 64) throw new ValidationError('action is at most 64 characters');
  if (
    attributes.type !== undefined &&
    (typeof attributes.type !== 'string' || !TYPES.has(attributes.type))
  ) {
    throw new ValidationError('type must be read or write');
  }
  if (attributes.status !== undefined && attributes.status !== 'pending') {
    throw new ValidationError('A new activity log is pending');
  }

  return {
    action: attributes.action,
    type: attributes.type === 'read' ? 'read' : 'write',
    label: text('label', attributes.label, 1024),
    collectionName: text(
      'collection',
      data ? related('collection') : attributes.collectionModelName,
      255,
    ),
    recordIds: records(attributes.records),
    renderingId: id(data ? related('rendering') : attributes.renderingId),
  };
}
