import { OPENAPI_SCHEMAS } from './openapi-schemas';
import { READ_ERRORS, WRITE_ERRORS, operation } from './openapi-operation';
import {
  ACTIVITY_FILTERS,
  ADMIN_FILTERS,
  CURSOR,
  ENVIRONMENT,
  LIMIT,
  NOTE_FILTERS,
  ORDER,
  PROJECT,
  pathParameter,
} from './openapi-parameters';
import type { OpenApiDocument } from './openapi-types';

export type { OpenApiDocument, OpenApiOperation, OpenApiResponse } from './openapi-types';

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
          parameters: [PROJECT, ENVIRONMENT, pathParameter('noteId', "The note's id.")],
          status: 200,
          schema: 'Note',
          errors: READ_ERRORS,
        }),
        patch: operation({
          id: 'updateNote',
          summary: 'Rename, archive or reopen a note',
          tag: 'notes',
          scopes: 'Scope `notes:write` or `all`, a read-write token, owner Admin of the project.',
          parameters: [PROJECT, ENVIRONMENT, pathParameter('noteId', "The note's id.")],
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
          parameters: [PROJECT, ENVIRONMENT, pathParameter('noteId', "The note's id.")],
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
          parameters: [pathParameter('signedId', 'The signed id of the URL.')],
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
          parameters: [PROJECT, ENVIRONMENT, pathParameter('runId', 'The run id of the 202.')],
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
