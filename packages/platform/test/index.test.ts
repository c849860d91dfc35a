import * as platform from '../src';

describe('@grove/platform exports', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(platform).sort()).toEqual([
      'BUILT_IN_ROLES',
      'COLLECTION_RIGHTS',
      'DEFAULT_PLATFORM_DATABASE_URL',
      'EVENTS_CHANNEL',
      'MAX_PASSWORD_LENGTH',
      'MIGRATIONS_TABLE',
      'MIN_PASSWORD_LENGTH',
      'bootstrapPlatform',
      'checkPasswordStrength',
      'createEnvironment',
      'createMemoryEventBus',
      'createPlatform',
      'createProject',
      'createRedisEventBus',
      'findEnvironmentBySecret',
      'generateEnvSecret',
      'hashEnvSecret',
      'hashPassword',
      'migratePlatformDatabase',
      'openPlatformDatabase',
      'requireUserAccessToken',
      'resolvePlatformDatabaseUrl',
      'roleDefaults',
      'userAccessTokenOf',
      'verifyPassword',
      'verifyUserAccessToken',
    ]);
  });
});
