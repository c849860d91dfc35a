import { ACTIVITY_LOG_ACTIONS, ACTIVITY_LOG_SOURCES } from '../store/activity-log-types';
import {
  ADMIN_LOG_INITIATORS,
  ADMIN_LOG_RESOURCES,
  ADMIN_LOG_TYPES,
} from '../store/admin-log-types';

/** A JSON Schema (2020-12), as OpenAPI 3.1 uses them. */
export type JsonSchema = Readonly<Record<string, unknown>>;

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const dateTime: JsonSchema = { type: 'string', format: 'date-time' };
const named = (object: string): JsonSchema => ({
  type: 'object',
  required: ['object', 'name'],
  additionalProperties: false,
  properties: { object: { const: object }, name: { type: 'string' } },
});

/** The schemas of the document's `components`: wire items, list envelopes, bodies, errors. */
export const OPENAPI_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  Error: {
    type: 'object',
    description: 'Every error: `{ error, message }` plus a stable `code`.',
    required: ['error', 'message', 'code', 'request_id'],
    additionalProperties: false,
    properties: {
      error: { type: 'string', examples: ['Unauthorized'] },
      message: { type: 'string', examples: ['Invalid or missing API token'] },
      code: {
        type: 'string',
        examples: ['invalid_token', 'token_expired', 'insufficient_scope', 'invalid_parameter'],
      },
      request_id: { type: 'string' },
      param: { type: 'string', description: 'The offending parameter or body field (400).' },
      retry_after: { type: 'integer', minimum: 1, description: 'Seconds to wait (429).' },
    },
  },
  User: {
    type: 'object',
    required: ['object', 'id', 'username', 'email'],
    additionalProperties: false,
    properties: {
      object: { const: 'user' },
      id: { type: 'integer', minimum: 0 },
      username: { type: 'string' },
      email: { type: 'string' },
    },
  },
  Environment: named('environment'),
  Collection: named('collection'),
  Team: named('team'),
  ActivityLog: {
    type: 'object',
    required: [
      'object',
      'id',
      'type',
      'action',
      'createdAt',
      'user',
      'environment',
      'team',
      'source',
      'status',
    ],
    additionalProperties: false,
    properties: {
      object: { const: 'activityLog' },
      id: { type: 'string' },
      type: { enum: ['read', 'write'] },
      action: { enum: [...ACTIVITY_LOG_ACTIONS] },
      label: { type: 'string' },
      recordIds: { type: 'array', items: { type: 'string' } },
      createdAt: dateTime,
      user: ref('User'),
      environment: ref('Environment'),
      collection: ref('Collection'),
      team: ref('Team'),
      workflow: {
        type: 'object',
        required: ['object', 'name', 'runId'],
        additionalProperties: false,
        properties: {
          object: { const: 'workflow' },
          name: { type: 'string' },
          runId: { type: 'string' },
          stepName: { type: 'string' },
        },
      },
      source: { enum: [...ACTIVITY_LOG_SOURCES] },
      status: { enum: ['pending', 'completed', 'failed'] },
    },
  },
  AdminLog: {
    type: 'object',
    required: ['object', 'id', 'type', 'resource', 'initiator', 'createdAt'],
    additionalProperties: false,
    properties: {
      object: { const: 'adminLog' },
      id: { type: 'string' },
      type: { enum: [...ADMIN_LOG_TYPES] },
      resource: { enum: [...ADMIN_LOG_RESOURCES] },
      initiator: { enum: [...ADMIN_LOG_INITIATORS] },
      createdAt: dateTime,
      user: ref('User'),
      previousValue: { description: 'The resource before the change.' },
      newValue: { description: 'The resource after the change.' },
    },
  },
  NoteMessage: {
    type: 'object',
    required: ['object', 'id', 'content', 'createdAt', 'user'],
    additionalProperties: false,
    properties: {
      object: { const: 'note-message' },
      id: { type: 'integer' },
      content: { type: 'string', description: 'Sanitised HTML.' },
      createdAt: dateTime,
      user: ref('User'),
    },
  },
  Note: {
    type: 'object',
    required: [
      'object',
      'id',
      'title',
      'recordId',
      'createdAt',
      'updatedAt',
      'user',
      'environment',
      'team',
      'messages',
    ],
    additionalProperties: false,
    properties: {
      object: { const: 'note' },
      id: { type: 'integer' },
      title: { type: 'string' },
      recordId: { type: 'string' },
      createdAt: dateTime,
      updatedAt: dateTime,
      archivedAt: dateTime,
      user: ref('User'),
      environment: ref('Environment'),
      team: ref('Team'),
      collection: ref('Collection'),
      messages: { type: 'array', items: ref('NoteMessage') },
    },
  },
  WorkflowRunStep: {
    type: 'object',
    required: ['object', 'index', 'actionName', 'status'],
    additionalProperties: false,
    properties: {
      object: { const: 'workflowRunStep' },
      index: { type: 'integer', minimum: 0 },
      actionName: { type: 'string' },
      status: { enum: ['pending', 'running', 'succeeded', 'failed', 'skipped'] },
      error: { type: 'string' },
      startedAt: dateTime,
      finishedAt: dateTime,
    },
  },
  WorkflowRun: {
    type: 'object',
    required: [
      'object',
      'id',
      'workflow',
      'environment',
      'collection',
      'recordId',
      'status',
      'source',
      'user',
      'steps',
      'createdAt',
    ],
    additionalProperties: false,
    properties: {
      object: { const: 'workflowRun' },
      id: { type: 'string' },
      workflow: {
        type: 'object',
        required: ['object', 'id', 'name'],
        additionalProperties: false,
        properties: {
          object: { const: 'workflow' },
          id: { type: 'integer' },
          name: { type: 'string' },
        },
      },
      environment: ref('Environment'),
      collection: ref('Collection'),
      recordId: { type: 'string' },
      status: { enum: ['pending', 'running', 'succeeded', 'failed'] },
      source: { enum: [...ACTIVITY_LOG_SOURCES] },
      user: ref('User'),
      steps: { type: 'array', items: ref('WorkflowRunStep') },
      createdAt: dateTime,
      finishedAt: dateTime,
    },
  },
  WorkflowRunAccepted: {
    type: 'object',
    required: ['runId'],
    additionalProperties: false,
    properties: { runId: { type: 'string' } },
  },
  ActivityLogList: listOf('ActivityLog'),
  AdminLogList: listOf('AdminLog'),
  NoteList: listOf('Note'),
  NewNote: {
    type: 'object',
    required: ['collectionName', 'recordId', 'title', 'content'],
    additionalProperties: false,
    properties: {
      collectionName: { type: 'string', minLength: 1, maxLength: 255 },
      recordId: { type: 'string', minLength: 1, maxLength: 1024 },
      title: { type: 'string', minLength: 1, maxLength: 255 },
      content: {
        type: 'string',
        description:
          'HTML; sanitised (p, br, strong, b, em, i, u, s, ul, ol, li, blockquote, code, pre, a[href] http/https/mailto).',
      },
    },
  },
  NoteChange: {
    type: 'object',
    minProperties: 1,
    additionalProperties: false,
    properties: {
      title: { type: 'string', minLength: 1, maxLength: 255 },
      archived: { type: 'boolean' },
    },
  },
  NewNoteMessage: {
    type: 'object',
    required: ['content'],
    additionalProperties: false,
    properties: { content: { type: 'string' } },
  },
  WebhookBody: {
    type: 'object',
    required: ['record_id'],
    description: 'Unknown members are ignored.',
    properties: {
      record_id: { type: 'string', minLength: 1, maxLength: 1024, examples: ['42', '123|456'] },
    },
  },
};

function listOf(item: string): JsonSchema {
  return {
    type: 'object',
    required: ['hasMore', 'data', 'parameters', 'nextCursor'],
    additionalProperties: false,
    properties: {
      hasMore: { type: 'boolean' },
      data: { type: 'array', items: ref(item) },
      parameters: { type: 'object', description: 'The effective query, defaults included.' },
      nextCursor: {
        type: ['string', 'null'],
        description: 'Pass as `cursor` for the next page; null when there is no more.',
      },
    },
  };
}
