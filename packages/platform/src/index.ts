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
