// The public API of @grove/public-api. Hand-written: every export is chosen.

// The router.
export { createPublicApiRouter } from './create-public-api-router';
export { DEFAULT_MAX_NOTE_LENGTH, DEFAULT_RATE_LIMITS } from './public-api-context';
export type { PublicApiErrorCode } from './http/public-api-error';

// The contract (OpenAPI 3.1) and its validator.
export { publicApiOpenApiDocument } from './openapi/public-api-openapi-document';
export type { OpenApiDocument, OpenApiOperation, OpenApiResponse } from './openapi/openapi-types';
export { createOpenApiResponseValidator } from './openapi/openapi-response-validator';
export { readResponseToValidate } from './openapi/read-response-to-validate';
export type {
  OpenApiResponseValidator,
  ResponseToValidate,
} from './openapi/openapi-response-validator';

// Note content.
export { sanitizeNoteContent } from './notes/sanitize-note-content';

// The store the platform implements, and the types of its parts.
export type { PublicApiStore } from './store/public-api-store';
export type {
  ApiTokenLevel,
  ApiTokenScope,
  PublicApiCaller,
  StoredApiToken,
  TokenOwner,
} from './store/api-token-types';
export type {
  DateRange,
  ListOrder,
  LogCursor,
  PublicApiEnvironment,
} from './store/list-query-types';
export type {
  ActivityLogAction,
  ActivityLogItem,
  ActivityLogQuery,
  ActivityLogSource,
  WireNamed,
  WireUser,
} from './store/activity-log-types';
export { ACTIVITY_LOG_ACTIONS, ACTIVITY_LOG_SOURCES } from './store/activity-log-types';
export type { AdminLogItem, AdminLogQuery } from './store/admin-log-types';
export {
  ADMIN_LOG_INITIATORS,
  ADMIN_LOG_RESOURCES,
  ADMIN_LOG_TYPES,
} from './store/admin-log-types';
export type { NewNote, NoteChange, NoteItem, NoteMessageItem, NoteQuery } from './store/note-types';
export type { WorkflowRunItem, WorkflowRunStepItem, WorkflowTrigger } from './store/workflow-types';
export type {
  PublicApiOptions,
  PublicApiRateLimiterFactory,
  PublicApiRateLimits,
} from './public-api-options';
export type { GeneratedApiToken } from './tokens/api-token';
export {
  API_TOKEN_PREFIX,
  generateApiToken,
  hashApiToken,
  isWellFormedApiToken,
} from './tokens/api-token';
export { decodeCanonicalBase64url } from './encoding/decode-canonical-base64url';
export {
  WORKFLOW_WEBHOOK_PATH,
  signWorkflowWebhookId,
  verifyWorkflowWebhookId,
  workflowWebhookUrl,
} from './webhooks/workflow-webhook-path';
