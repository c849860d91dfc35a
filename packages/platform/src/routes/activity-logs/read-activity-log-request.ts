import { ValidationError } from '@grove/datasource-toolkit';

/** The columns of an activity log, read from either request variant. */
export interface ActivityLogRequest {
  readonly action: string;
  readonly label: string | null;
  readonly collectionName: string | null;
  readonly recordIds: string[] | null;
  readonly renderingId: number | undefined;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' ? value.slice(0, max) : null;
}

function id(value: unknown): number | undefined {
  const raw = typeof value === 'number' ? String(value) : value;

  return typeof raw === 'string' && /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : undefined;
}

/**
 * Reads an activity-log request (spec §5.2 flat MCP body, or §5.3 JSON:API body) into the
 * columns of `activity_logs`: texts cut to their column sizes, at most 1 000 record ids.
 * Refuses (400) a body without an `action`.
 *
 * @example
 * ```ts
 * readActivityLogRequest({ action: 'index', collectionModelName: 'books', renderingId: '1' });
 * // { action: 'index', collectionName: 'books', renderingId: 1, label: null, recordIds: null }
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
  const records = Array.isArray(attributes.records)
    ? attributes.records.slice(0, 1000).map(record => String(record).slice(0, 255))
    : null;

  return {
    action: attributes.action.slice(0, 64),
    label: text(attributes.label, 1024),
    collectionName: text(data ? related('collection') : attributes.collectionModelName, 255),
    recordIds: records,
    renderingId: id(data ? related('rendering') : attributes.renderingId),
  };
}
