import { randomBytes } from 'node:crypto';

import { hashEnvSecret, openPlatformDatabase } from '../../src';
import { availableServers } from '../helpers/test-databases';
import { createTestPlatformDatabase, startTestPlatform } from '../helpers/test-platform';

describe.each(availableServers())('the env secret key on $name', server => {
  it('is generated once into the database when no key is given, and shared', async () => {
    const database = await createTestPlatformDatabase(server);
    try {
      const first = await openPlatformDatabase(database.options);
      const second = await openPlatformDatabase(database.options);
      const sealed = first.envSecrets.seal('a'.repeat(64));

      expect(first.envSecrets.keySource).toBe('database');
      expect(second.envSecrets.open(sealed, hashEnvSecret('a'.repeat(64)))).toBe('a'.repeat(64));
      const withKey = await openPlatformDatabase({
        ...database.options,
        secretKey: randomBytes(32).toString('hex'),
      });
      expect(withKey.envSecrets.keySource).toBe('option');
      expect(() => withKey.envSecrets.open(sealed, hashEnvSecret('a'.repeat(64)))).toThrow();
      await Promise.all([first.close(), second.close(), withKey.close()]);
      await expect(
        openPlatformDatabase({ ...database.options, secretKey: 'not a key' }),
      ).rejects.toThrow('64 lower-case hex characters');
    } finally {
      await database.drop();
    }
  });

  it('fills the ciphertext of an older environment when its agent calls', async () => {
    const warnings: string[] = [];
    const test = await startTestPlatform(server, {
      logger: (level, message) => (level === 'Warn' ? warnings.push(message) : undefined),
    });
    try {
      const { environment, envSecret } = test.platform.bootstrap!;
      const { db } = test.platform.context;
      expect(warnings.join('\n')).toContain('GROVE_PLATFORM_SECRET_KEY');
      await db.models.Environment.update(
        { secretCiphertext: null },
        { where: { id: environment.id } },
      );
      const response = await fetch(`${test.platform.url}/liana/environment`, {
        headers: { 'forest-secret-key': envSecret },
      });
      expect(response.status).toBe(200);
      const row = await db.models.Environment.findByPk(environment.id);
      expect(db.envSecrets.open(row!.secretCiphertext!, row!.secretHash)).toBe(envSecret);
    } finally {
      await test.stop();
    }
  });
});
