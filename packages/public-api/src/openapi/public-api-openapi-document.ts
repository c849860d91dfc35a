import {
  ACTIVITY_LOG_ACTIONS,
  ACTIVITY_LOG_SOURCES,
  ADMIN_LOG_INITIATORS,
  ADMIN_LOG_RESOURCES,
  ADMIN_LOG_TYPES,
} from '../store/public-api-store';
import { OPENAPI_SCHEMAS } from './openapi-schemas';
import type { JsonSchema } from './openapi-schemas';

/** An OpenAPI 3.1 document, as plain JSON. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: Readonly<Record<string, unknown>>;
  readonly servers: readonly { readonly url: string }[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, OpenApiOperation>>>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, JsonSchema>>;
    readonly securitySchemes: Readonly<Record<string, unknown>>;
  };
}

/** One operation: what the validator reads of it. */
export interface OpenApiOperation {
  readonly operationId: string;
  readonly responses: Readonly<Record<string, OpenApiResponse>>;
  readonly [key: string]: unknown;
}

/** One response of an operation. */
export interface OpenApiResponse {
  readonly description: string;
  readonly headers?: Readonly<
    Record<string, { readonly required?: boolean; readonly schema: JsonSchema }>
  >;
  readonly content?: Readonly<Record<string, { readonly schema: JsonSchema }>>;
}

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const digits: JsonSchema = { type: 'string', pattern: '^[0-9]+$' };

/** Headers of every response: the request id and the tightest rate-limit window. */
const COMMON_HEADERS = {
  'X-Request-Id': {
    required: true,
    description: 'Echoed in error bodies as `request_id`.',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': {
    required: true,
    description: 'Quota of the tightest window.',
    schema: digits,
  },
  'X-RateLimit-Remaining': { required: true, description: 'Requests left in it.', schema: digits },
  'X-RateLimit-Reset': {
    required: true,
    description: 'When it resets (epoch seconds).',
    schema: digits,
  },
};

const ERROR_TEXT: Readonly<Record<number, string>> = {
  400: 'Invalid parameter, body, or webhook URL (`invalid_parameter`, `invalid_json`, `invalid_webhook_url`, `superseded_url`); `param` names the culprit.',
  401: 'Missing, malformed, unknown or revoked token (`invalid_token`), or expired (`token_expired`).',
  403: 'The token lacks the scope or level, or its owner the role (`insufficient_scope`).',
  404: "Unknown project (or another project than the token's), environment or resource.",
  409: 'Conflict: a run is ongoing on this record (`run_in_progress`), or the note is archived.',
  413: 'Body too large (`payload_too_large`) or content over the limit (`content_too_large`).',
  415: 'The body must be application/json.',
  429: 'Rate limit exceeded (`rate_limited`); see `Retry-After`.',
  500: 'Unexpected error (`internal_error`); nothing internal is shown.',
};

function errorResponse(status: number): OpenApiResponse {
  const extra: Record<string, unknown> =
    status === 429
      ? { 'Retry-After': { required: true, schema: digits } }
      : status === 403
        ? {
            'X-Accepted-Scopes': {
              required: false,
              description: 'Scopes that grant the operation (with `insufficient_scope`).',
              schema: { type: 'string' },
            },
          }
        : {};

  return {
    description: ERROR_TEXT[status] ?? 'Error',
    headers: { ...COMMON_HEADERS, ...extra } as OpenApiResponse['headers'],
    content: { 'application/json': { schema: ref('Error') } },
  };
}

type Parameter = Readonly<Record<string, unknown>>;
const path = (name: string, description: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', minLength: 1 },
});
const query = (name: string, schema: JsonSchema, description: string): Parameter => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});
const dates = (field: string): Parameter[] =>
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

const PROJECT = path('projectName', "The token's project, case-sensitive.");
const ENVIRONMENT = path('environmentName', 'An environment of the project, case-sensitive.');
const LIMIT = query(
  'limit',
  { type: 'integer', minimum: 1, maximum: 100, default: 10 },
  'Page size.',
);
const ORDER = query('order', { enum: ['desc', 'asc'], default: 'desc' }, 'Sort direction.');
const CURSOR = query(
  'cursor',
  { type: 'string', maxLength: 512 },
  '`nextCursor` of the previous page.',
);
const USER = [
  query('userEmail', { type: 'string', format: 'email' }, "The acting user's email."),
  query('userId', { type: 'integer', minimum: 1 }, "The acting user's id."),
];
const ACTIVITY_FILTERS = [
  ...USER,
  query('teamName', { type: 'string', maxLength: 255 }, 'Team the user acted in.'),
  query('collectionName', { type: 'string', maxLength: 255 }, 'Collection, as in the schema.'),
  query('recordId', { type: 'string', maxLength: 1024 }, 'A record concerned.'),
  query('action', enumList(ACTIVITY_LOG_ACTIONS), 'One or more actions.'),
  query('type', { enum: ['read', 'write'] }, 'Read or write.'),
  query('source', enumList(ACTIVITY_LOG_SOURCES), 'Where the operation came from.'),
  ...dates('createdAt'),
];
const ADMIN_FILTERS = [
  ...USER,
  query('type', enumList(ADMIN_LOG_TYPES), 'Kinds of change.'),
  query('initiator', enumList(ADMIN_LOG_INITIATORS), 'Who made the change.'),
  query('resource', enumList(ADMIN_LOG_RESOURCES), 'What changed.'),
  ...dates('createdAt'),
];
const NOTE_FILTERS = [
  ...USER,
  query('teamName', { type: 'string', maxLength: 255 }, 'Team of the note.'),
  query('collectionName', { type: 'string', maxLength: 255 }, 'Collection of the record.'),
  query('recordId', { type: 'string', maxLength: 1024 }, 'The record.'),
  query('archived', { enum: ['true', 'false'] }, 'Archived notes only, or open notes only.'),
  ...dates('createdAt'),
  ...dates('updatedAt'),
  ...dates('archivedAt'),
];

interface OperationSpec {
  readonly id: string;
  readonly summary: string;
  readonly tag: string;
  readonly scopes: string;
  readonly parameters: readonly Parameter[];
  readonly body?: string;
  readonly status: number;
  readonly schema: string;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, unknown>>;
  readonly errors: readonly number[];
  readonly secured?: boolean;
}

function operation(spec: OperationSpec): OpenApiOperation {
  const responses: Record<string, OpenApiResponse> = {
    [spec.status]: {
      description: spec.summary,
      headers: { ...COMMON_HEADERS, ...spec.headers } as OpenApiResponse['headers'],
      content: { [spec.contentType ?? 'application/json']: { schema: ref(spec.schema) } },
    },
  };
  for (const status of spec.errors) responses[status] = errorResponse(status);

  return {
    operationId: spec.id,
    summary: spec.summary,
    description: spec.scopes,
    tags: [spec.tag],
    ...(spec.secured === false ? { security: [] } : {}),
    parameters: spec.parameters,
    ...(spec.body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref(spec.body) } },
          },
        }),
    responses,
  };
}

const READ_ERRORS = [400, 401, 403, 404, 429, 500];
const WRITE_ERRORS = [400, 401, 403, 404, 409, 413, 415, 429, 500];
const LINK = {
  Link: {
    required: false,
    description: '`<…&cursor=…>; rel="next"` when there is more.',
    schema: { type: 'string' },
  },
};
const NDJSON = 'application/x-ndjson';
const ENV = '/v1/project/{projectName}/environment/{environmentName}';

/**
 * The OpenAPI 3.1 document of the `/v1` API: every path, parameter, schema, error body and
 * header. Served at `GET /v1/openapi.json`; tests validate every response against it.
 *
 * @example
 * ```ts
 * const document = publicApiOpenApiDocument('https://grove.example.com');
 * ```
 */
export function publicApiOpenApiDocument(publicUrl: string): OpenApiDocument {
  const logsRead = (scope: string) =>
    `Scope \`${scope}\` or \`all\`; the token's owner must be an Admin of the project.`;

  return {
    openapi: '3.1.0',
    info: {
      title: 'Grove public API',
      version: '1.0.0',
      description:
        'Activity logs, admin logs, notes and workflow webhooks of a Grove project. Every call but this document needs `Authorization: Bearer <token>`. Rate limits per token: 60/min, 1,000/h, 10,000/day by default.',
    },
    servers: [{ url: publicUrl.replace(/\/+$/, '') }],
    paths: {
      '/v1/openapi.json': {
        get: {
          ...operation({
            id: 'getOpenApiDocument',
            summary: 'This document',
            tag: 'meta',
            scopes: 'No token; limited per IP.',
            parameters: [],
            status: 200,
            schema: 'OpenApiDocument',
            errors: [400, 429, 500],
            secured: false,
          }),
        },
      },
      [`${ENV}/activity-logs`]: {
        get: operation({
          id: 'listActivityLogs',
          summary: 'Activity logs, newest first',
          tag: 'activity logs',
          scopes: logsRead('activity_logs:read'),
          parameters: [PROJECT, ENVIRONMENT, LIMIT, ORDER, CURSOR, ...ACTIVITY_FILTERS],
          status: 200,
          schema: 'ActivityLogList',
          headers: LINK,
          errors: READ_ERRORS,
        }),
      },
      [`${ENV}/activity-logs/export`]: {
        get: operation({
          id: 'exportActivityLogs',
          summary: 'Every matching activity log, one JSON object per line',
          tag: 'activity logs',
          scopes: logsRead('activity_logs:read'),
          parameters: [PROJECT, ENVIRONMENT, ORDER, CURSOR, ...ACTIVITY_FILTERS],
          status: 200,
          schema: 'ActivityLog',
          contentType: NDJSON,
          errors: READ_ERRORS,
        }),
      },
      '/v1/project/{projectName}/admin-logs': {
        get: operation({
          id: 'listAdminLogs',
          summary: 'Admin logs, newest first',
          tag: 'admin logs',
          scopes: logsRead('admin_logs:read'),
          parameters: [PROJECT, LIMIT, ORDER, CURSOR, ...ADMIN_FILTERS],
          status: 200,
          schema: 'AdminLogList',
          headers: LINK,
          errors: READ_ERRORS,
        }),
      },
      '/v1/project/{projectName}/admin-logs/export': {
        get: operation({
          id: 'exportAdminLogs',
          summary: 'Every matching admin log, one JSON object per line',
          tag: 'admin logs',
          scopes: logsRead('admin_logs:read'),
          parameters: [PROJECT, ORDER, CURSOR, ...ADMIN_FILTERS],
          status: 200,
          schema: 'AdminLog',
          contentType: NDJSON,
          errors: READ_ERRORS,
        }),
      },
      [`${ENV}/notes`]: {
        get: operation({
          id: 'listNotes',
          summary: 'Notes with their messages, by id',
          tag: 'notes',
          scopes: logsRead('notes:read'),
          parameters: [PROJECT, ENVIRONMENT, LIMIT, ORDER, CURSOR, ...NOTE_FILTERS],
          status: 200,
          schema: 'NoteList',
          headers: LINK,
          errors: READ_ERRORS,
        }),
        post: operation({
          id: 'createNote',
          summary: 'Create a note on a record',
          tag: 'notes',
          scopes: 'Scope `notes:write` or `all`, a read-write token, owner Admin of the project.',
          parameters: [PROJECT, ENVIRONMENT],
          body: 'NewNote',
          status: 201,
          schema: 'Note',
          errors: WRITE_ERRORS,
        }),
      },
      [`${ENV}/notes/{noteId}`]: {
        get: operation({
          id: 'getNote',
          summary: 'One note',
          tag: 'notes',
          scopes: logsRead('notes:read'),
          parameters: [PROJECT, ENVIRONMENT, path('noteId', "The note's id.")],
          status: 200,
          schema: 'Note',
          errors: READ_ERRORS,
        }),
        patch: operation({
          id: 'updateNote',
          summary: 'Rename, archive or reopen a note',
          tag: 'notes',
          scopes: 'Scope `notes:write` or `all`, a read-write token, owner Admin of the project.',
          parameters: [PROJECT, ENVIRONMENT, path('noteId', "The note's id.")],
          body: 'NoteChange',
          status: 200,
          schema: 'Note',
          errors: WRITE_ERRORS,
        }),
      },
      [`${ENV}/notes/{noteId}/messages`]: {
        post: operation({
          id: 'createNoteMessage',
          summary: 'Add a message to a note',
          tag: 'notes',
          scopes: 'Scope `notes:write` or `all`, a read-write token, owner Admin of the project.',
          parameters: [PROJECT, ENVIRONMENT, path('noteId', "The note's id.")],
          body: 'NewNoteMessage',
          status: 201,
          schema: 'NoteMessage',
          errors: WRITE_ERRORS,
        }),
      },
      '/v1/webhooks/workflows/{signedId}': {
        post: operation({
          id: 'triggerWorkflowWebhook',
          summary: 'Start a run of the workflow on a record',
          tag: 'workflows',
          scopes:
            "Scope `workflows:trigger` or `all`, a read-write token of the workflow's project. The URL is copied from the workflow's settings.",
          parameters: [path('signedId', 'The signed id of the URL.')],
          body: 'WebhookBody',
          status: 202,
          schema: 'WorkflowRunAccepted',
          headers: {
            Location: { required: true, description: 'The run.', schema: { type: 'string' } },
          },
          errors: WRITE_ERRORS,
        }),
      },
      [`${ENV}/workflow-runs/{runId}`]: {
        get: operation({
          id: 'getWorkflowRun',
          summary: 'A run and its steps',
          tag: 'workflows',
          scopes: 'Scope `workflows:trigger` or `all`.',
          parameters: [PROJECT, ENVIRONMENT, path('runId', 'The run id of the 202.')],
          status: 200,
          schema: 'WorkflowRun',
          errors: READ_ERRORS,
        }),
      },
    },
    components: {
      schemas: {
        ...OPENAPI_SCHEMAS,
        OpenApiDocument: { type: 'object', required: ['openapi', 'info', 'paths'] },
      },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'grove_<32 base62><6 checksum>',
        },
      },
    },
    security: [{ bearerAuth: [] }],
  } as OpenApiDocument;
}
