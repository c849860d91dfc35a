// The public API of @grove/public-api. Hand-written: every export is chosen.
export type {
  ActivityLogAction,
  ActivityLogItem,
  ActivityLogQuery,
  ActivityLogSource,
  AdminLogItem,
  AdminLogQuery,
  ApiTokenLevel,
  ApiTokenScope,
  DateRange,
  ListOrder,
  LogCursor,
  NewNote,
  NoteChange,
  NoteItem,
  NoteMessageItem,
  NoteQuery,
  PublicApiCaller,
  PublicApiEnvironment,
  PublicApiStore,
  StoredApiToken,
  TokenOwner,
  WireNamed,
  WireUser,
  WorkflowRunItem,
  WorkflowRunStepItem,
  WorkflowTrigger,
} from './store/public-api-store';
export {
  ACTIVITY_LOG_ACTIONS,
  ACTIVITY_LOG_SOURCES,
  ADMIN_LOG_INITIATORS,
  ADMIN_LOG_RESOURCES,
  ADMIN_LOG_TYPES,
} from './store/public-api-store';
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
export {
  WORKFLOW_WEBHOOK_PATH,
  signWorkflowWebhookId,
  verifyWorkflowWebhookId,
  workflowWebhookUrl,
} from './webhooks/workflow-webhook-path';
