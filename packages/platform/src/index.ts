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
