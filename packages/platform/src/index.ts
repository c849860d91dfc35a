// Database
export { openPlatformDatabase } from './database/open-platform-database';
export { migratePlatformDatabase, MIGRATIONS_TABLE } from './database/migrate-platform-database';
export {
  resolvePlatformDatabaseUrl,
  DEFAULT_PLATFORM_DATABASE_URL,
} from './database/platform-database-options';
export type { PlatformDatabaseOptions } from './database/platform-database-options';
export type { PlatformDatabase } from './database/platform-database';
export type { PlatformModel, RowBase } from './database/models/platform-model';
export type {
  PlatformModels,
  PermissionLevel,
  UserRow,
  ProjectRow,
  EnvironmentRow,
  TeamRow,
  RoleRow,
  ProjectMemberRow,
  TeamMemberRow,
  RoleCollectionRightRow,
  RoleActionRightRow,
  RenderingRow,
  EnvironmentSchemaRow,
  ActivityLogRow,
  AdminLogRow,
} from './database/models/platform-models';
export type {
  WorkflowRow,
  WorkflowStep,
  WorkflowRunRow,
  WorkflowRunStatus,
  WorkflowRunStepResult,
} from './database/models/public-api-rows';
export type {
  HostedDatasourceRow,
  HostedBundleRow,
  HostedBundleStatus,
  HostedAgentLogRow,
  HostedAgentLogLevel,
  DevelopmentEnvironmentRow,
} from './database/models/hosted-agent-rows';

// Secrets
export {
  hashPassword,
  verifyPassword,
  checkPasswordStrength,
  MIN_PASSWORD_LENGTH,
  MAX_PASSWORD_LENGTH,
} from './auth/password';
export { generateEnvSecret, hashEnvSecret, findEnvironmentBySecret } from './auth/env-secret';
export { createEnvSecretBox, resolveEnvSecretBox } from './auth/env-secret-box';
export type { EnvSecretBox } from './auth/env-secret-box';
export { environmentEnvSecret } from './auth/environment-env-secret';
export { environmentUserClaims } from './auth/environment-user-claims';
export {
  signApprovalRequest,
  SIGNED_APPROVAL_LIFETIME_SECONDS,
} from './auth/sign-approval-request';
export { bearerUser } from './http/bearer-user';
export type { BearerUser } from './http/bearer-user';
export { canApprove } from './permissions/can-approve';

// Login (OpenID provider)
export {
  verifyUserAccessToken,
  requireUserAccessToken,
  userAccessTokenOf,
} from './oidc/user-access-tokens';
export type { UserAccessToken } from './oidc/user-access-tokens';

// Server
export { createPlatform } from './create-platform';
export type { Platform } from './create-platform';
export type { PlatformOptions, SandboxOptions } from './platform-options';
export type { PlatformContext, PlatformMode } from './platform-context';
// The hosted agent's session-signing secret (tests sign its users' sessions with it).
export { hostedAuthSecret } from './hosting/hosted-secrets';
export type {
  HostedAgentSupervisor,
  HostedAgentSupervisorOptions,
  PublishResult,
} from './hosting/hosted-agent-supervisor';
export { bootstrapPlatform } from './bootstrap/bootstrap-platform';
export type { BootstrapOptions, BootstrapResult } from './bootstrap/bootstrap-platform';

// Events
export type {
  PlatformEvent,
  PlatformEventBus,
  PlatformEventListener,
  PlatformEventName,
} from './events/platform-event-bus';
export { createMemoryEventBus } from './events/create-memory-event-bus';
export { createRedisEventBus, EVENTS_CHANNEL } from './events/create-redis-event-bus';

// Administration
export { createProject } from './services/create-project';
export { createEnvironment } from './services/create-environment';
export type { EnvironmentInput } from './services/create-environment';
export {
  BUILT_IN_ROLES,
  COLLECTION_RIGHTS,
  SANDBOX_ROLE_DEFAULTS,
  roleDefaults,
} from './services/built-in-roles';
export type { CollectionRight, RoleDefaults } from './services/built-in-roles';
export type { AdminInitiator } from './services/admin-initiator';
export { publishRefresh } from './events/publish-refresh';
export type { RefreshTarget } from './events/publish-refresh';
export { applyAdminChange } from './services/apply-admin-change';
export type { AdminChangeResult } from './services/apply-admin-change';
export { writeAdminLog } from './services/write-admin-log';
export type { AdminChange } from './services/write-admin-log';
export { checkConditionTree, WIRE_OPERATORS } from './services/check-condition-tree';
export { checkIpWhitelist } from './services/check-ip-whitelist';
export type { IpRule } from './services/check-ip-whitelist';
export { SESSION_COOKIE, SESSION_DURATION_MS } from './auth/console-session';

// Public API (`@grove/public-api`): the platform's store
export { createPlatformPublicApiStore } from './public-api/create-platform-public-api-store';

// Agent protocol: schema store and permissions v4
export { parseApimap, checkSchemaHash, APIMAP_LIMITS } from './schema/parse-apimap';
export type { ParseApimapOptions } from './schema/parse-apimap';
export { parseSchemaFile } from './schema/parse-schema-file';
export { loadEnvironmentSchema } from './schema/load-environment-schema';
export type { LoadedSchema } from './schema/load-environment-schema';
export { saveEnvironmentSchema } from './schema/save-environment-schema';
export { toForestSchemaDocument } from './schema/to-forest-schema-document';
export type { ForestSchemaDocument } from './schema/to-forest-schema-document';
export type {
  StoredSchema,
  StoredCollection,
  StoredField,
  StoredAction,
  StoredSegment,
} from './schema/stored-schema';
export { computeEnvironmentPermissions } from './permissions/compute-environment-permissions';
export { buildEnvironmentPermissions } from './permissions/build-environment-permissions';
export type {
  EnvironmentPermissions,
  EnvironmentPermissionsInput,
  ActionPermissions,
  CollectionRightValue,
  RolesRight,
  RoleCondition,
  PermissionRole,
  CollectionRightInput,
  ActionRightInput,
} from './permissions/build-environment-permissions';
export { resolveRenderingId } from './permissions/resolve-rendering-id';
export { computeUsersPermissions } from './permissions/compute-users-permissions';
export type { EnvironmentUser } from './permissions/compute-users-permissions';
export { computeRenderingPermissions } from './permissions/compute-rendering-permissions';
export type { RenderingPermissions } from './permissions/compute-rendering-permissions';

// Events: stream counters
export { createEventStreamCounter } from './events/event-stream-counter';
export type { EventStreamCounter, EventStreamStats } from './events/event-stream-counter';

// Activity logs (routes parameterized by mode)
export type {
  ActivityLogHooks,
  ActivityUser,
  RecordedActivityLog,
} from './routes/activity-logs/activity-log-hooks';
export { readActivityLogRequest } from './routes/activity-logs/read-activity-log-request';
export { standardActivityLogHooks } from './routes/activity-logs/standard-activity-log-hooks';
export { readApprovalRequest } from './routes/approvals/read-approval-request';
export type { ApprovalRequestInput } from './routes/approvals/read-approval-request';
export type { ActivityLogRequest } from './routes/activity-logs/read-activity-log-request';

// Workflows: runs through the agent, as a user (delegated tokens)
export { startWorkflowRun } from './workflows/start-workflow-run';
export type { WorkflowRunStart } from './workflows/start-workflow-run';
export { freeStaleWorkflowRuns, STALE_WORKFLOW_RUN_MS } from './workflows/free-stale-workflow-runs';
export { WORKFLOW_STEP_TIMEOUT_MS } from './workflows/call-agent-action';
export { checkWorkflowInput, MAX_WORKFLOW_STEPS } from './workflows/check-workflow-input';
export type { WorkflowInput } from './workflows/check-workflow-input';

// Sandbox mode (the test kit's platform)
export { SandboxState } from './sandbox/sandbox-state';
export type { SandboxActivityLog } from './sandbox/sandbox-state';
export { SANDBOX_USER, SANDBOX_PROJECT, seedSandbox } from './sandbox/sandbox-seed';
export { toSandboxSchema } from './sandbox/sandbox-schema-view';
export type { SandboxSchema, SandboxSchemaCollection } from './sandbox/sandbox-schema-view';
export { mergePermissionOverride, validatePermissionOverride } from './sandbox/permission-override';
export type {
  PermissionOverride,
  CollectionPermissionOverride,
  ActionPermissionOverride,
  PermissionConditionTree,
} from './sandbox/permission-override';
export { overrideRightsRows } from './sandbox/override-rights-rows';
export { provisionSandboxEnvironment } from './sandbox/provision-sandbox-environment';
export { applyPermissionOverride } from './sandbox/apply-permission-override';

// Login limits
export { LOGIN_LIMITS, createLoginRateLimiter } from './auth/login-rate-limiter';
export type { LoginRateLimiter } from './auth/login-rate-limiter';
export { rateLimiterFactory } from './auth/rate-limiter-factory';
export type { RateLimiterFactory } from './auth/rate-limiter-factory';
export { readOrCreateSetting } from './database/read-or-create-setting';
