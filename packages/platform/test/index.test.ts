import * as platform from '../src';

describe('@grove/platform exports', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(platform).sort()).toEqual([
      'DEFAULT_PLATFORM_DATABASE_URL',
      'MAX_PASSWORD_LENGTH',
      'MIGRATIONS_TABLE',
      'MIN_PASSWORD_LENGTH',
      'checkPasswordStrength',
      'findEnvironmentBySecret',
      'generateEnvSecret',
      'hashEnvSecret',
      'hashPassword',
      'migratePlatformDatabase',
      'openPlatformDatabase',
      'resolvePlatformDatabaseUrl',
      'verifyPassword',
    ]);
  });
});
