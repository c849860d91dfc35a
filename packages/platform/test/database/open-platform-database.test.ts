import { isGroveError } from '@grove/datasource-toolkit';

import { openPlatformDatabase, resolvePlatformDatabaseUrl } from '../../src';

describe('resolvePlatformDatabaseUrl', () => {
  it('prefers the option to the environment variable', () => {
    const env = { GROVE_PLATFORM_DATABASE_URL: 'postgres://db/platform' };

    expect(resolvePlatformDatabaseUrl({ url: 'sqlite::memory:' }, env)).toBe('sqlite::memory:');
  });

  it('reads GROVE_PLATFORM_DATABASE_URL without the option', () => {
    const env = { GROVE_PLATFORM_DATABASE_URL: 'postgres://db/platform' };

    expect(resolvePlatformDatabaseUrl({}, env)).toBe('postgres://db/platform');
  });

  it('falls back to a SQLite file in the working directory', () => {
    expect(resolvePlatformDatabaseUrl({}, {})).toBe('sqlite:grove-platform.sqlite');
  });
});

describe('openPlatformDatabase', () => {
  it('opens a migrated memory database and logs the migration it applied', async () => {
    const messages: string[] = [];
    const db = await openPlatformDatabase({
      url: 'sqlite::memory:',
      logger: (level, message) => {
        if (level === 'Info') messages.push(message);
      },
    });

    try {
      expect(db.dialect).toBe('sqlite');
      expect(await db.models.User.count()).toBe(0);
      expect(messages).toEqual([
        'Platform database: applied migration 0001-initial-tables',
        'Platform database: applied migration 0002-login-and-approvals',
        'Platform database: applied migration 0003-environment-secret-ciphertext',
        'Platform database: applied migration 0004-public-api-and-workflows',
        'Platform database: applied migration 0005-must-change-password',
        'Platform database: applied migration 0006-hosted-agents',
        'Platform database: applied migration 0007-member-levels-and-tags',
        'Platform database: applied migration 0008-oidc-payload-accounts',
      ]);
    } finally {
      await db.close();
    }
  });

  it.each([
    ['mysql://root@localhost/platform', {}],
    ['sqlite::memory:', { schema: 'grove' }],
    ['postgres://postgres@127.0.0.1:1/test', { schema: 'bad; DROP TABLE users' }],
  ])('refuses %s %j with a ValidationError before connecting', async (url, extra) => {
    const error = await openPlatformDatabase({ url, ...extra }).catch((e: unknown) => e);

    expect(isGroveError(error, 'ValidationError')).toBe(true);
  });
});
