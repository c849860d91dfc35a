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

// Secrets
export {
  hashPassword,
  verifyPassword,
  checkPasswordStrength,
  MIN_PASSWORD_LENGTH,
  MAX_PASSWORD_LENGTH,
} from './auth/password';
export { generateEnvSecret, hashEnvSecret, findEnvironmentBySecret } from './auth/env-secret';

// Server
export { createPlatform } from './create-platform';
export type { Platform } from './create-platform';
export type { PlatformOptions } from './platform-options';
export type { PlatformContext, PlatformMode } from './platform-context';
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
export { BUILT_IN_ROLES, COLLECTION_RIGHTS, roleDefaults } from './services/built-in-roles';
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

// Agent protocol: schema store and permissions v4
export { parseApimap, checkSchemaHash, APIMAP_LIMITS } from './schema/parse-apimap';
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
export type {
  EnvironmentPermissions,
  ActionPermissions,
  RolesRight,
  RoleCondition,
} from './permissions/compute-environment-permissions';
export { computeUsersPermissions } from './permissions/compute-users-permissions';
export type { EnvironmentUser } from './permissions/compute-users-permissions';
export { computeRenderingPermissions } from './permissions/compute-rendering-permissions';
export type { RenderingPermissions } from './permissions/compute-rendering-permissions';
