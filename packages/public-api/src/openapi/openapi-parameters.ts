import { ACTIVITY_LOG_ACTIONS, ACTIVITY_LOG_SOURCES } from '../store/activity-log-types';
import {
  ADMIN_LOG_INITIATORS,
  ADMIN_LOG_RESOURCES,
  ADMIN_LOG_TYPES,
} from '../store/admin-log-types';
import type { JsonSchema } from './openapi-schemas';

/** An OpenAPI parameter object. */
export type OpenApiParameter = Readonly<Record<string, unknown>>;
/** A required path parameter. */
export const pathParameter = (name: string, description: string): OpenApiParameter => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', minLength: 1 },
});
const query = (name: string, schema: JsonSchema, description: string): OpenApiParameter => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});
const dates = (field: string): OpenApiParameter[] =>
  (['eq', 'lt', 'lte', 'gt', 'gte'] as const).map(operator =>
    query(
      `${field}.${operator}`,
      { type: 'string', format: 'date-time' },
      `${field} ${operator} this ISO 8601 date-time (${operator === 'lte' || operator === 'gte' ? 'inclusive' : operator === 'eq' ? 'equal' : 'exclusive'}).`,
    ),
  );
const enumList = (values: readonly string[]): JsonSchema => ({
  type: 'string',
  description: `Comma-separated list of: ${values.join(', ')}`,
  pattern: `^(${values.join('|')})(,(${values.join('|')}))*$`,
});

/** Parameter(s) project. */
export const PROJECT = pathParameter('projectName', "The token's project, case-sensitive.");
/** Parameter(s) environment. */
export const ENVIRONMENT = pathParameter(
  'environmentName',
  'An environment of the project, case-sensitive.',
);
/** Parameter(s) limit. */
export const LIMIT = query(
  'limit',
  { type: 'integer', minimum: 1, maximum: 100, default: 10 },
  'Page size.',
);
/** Parameter(s) order. */
export const ORDER = query('order', { enum: ['desc', 'asc'], default: 'desc' }, 'Sort direction.');
/** Parameter(s) cursor. */
export const CURSOR = query(
  'cursor',
  { type: 'string', maxLength: 512 },
  '`nextCursor` of the previous page.',
);
const USER = [
  query('userEmail', { type: 'string', format: 'email' }, "The acting user's email."),
  query('userId', { type: 'integer', minimum: 1 }, "The acting user's id."),
];
/** Parameter(s) activity filters. */
export const ACTIVITY_FILTERS = [
  ...USER,
  query('teamName', { type: 'string', maxLength: 255 }, 'Team the user acted in.'),
  query('collectionName', { type: 'string', maxLength: 255 }, 'Collection, as in the schema.'),
  query('recordId', { type: 'string', maxLength: 1024 }, 'A record concerned.'),
  query('action', enumList(ACTIVITY_LOG_ACTIONS), 'One or more actions.'),
  query('type', { enum: ['read', 'write'] }, 'Read or write.'),
  query('source', enumList(ACTIVITY_LOG_SOURCES), 'Where the operation came from.'),
  ...dates('createdAt'),
];
/** Parameter(s) admin filters. */
export const ADMIN_FILTERS = [
  ...USER,
  query('type', enumList(ADMIN_LOG_TYPES), 'Kinds of change.'),
  query('initiator', enumList(ADMIN_LOG_INITIATORS), 'Who made the change.'),
  query('resource', enumList(ADMIN_LOG_RESOURCES), 'What changed.'),
  ...dates('createdAt'),
];
/** Parameter(s) note filters. */
export const NOTE_FILTERS = [
  ...USER,
  query('teamName', { type: 'string', maxLength: 255 }, 'Team of the note.'),
  query('collectionName', { type: 'string', maxLength: 255 }, 'Collection of the record.'),
  query('recordId', { type: 'string', maxLength: 1024 }, 'The record.'),
  query('archived', { enum: ['true', 'false'] }, 'Archived notes only, or open notes only.'),
  ...dates('createdAt'),
  ...dates('updatedAt'),
  ...dates('archivedAt'),
];
