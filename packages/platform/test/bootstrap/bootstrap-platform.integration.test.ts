import { bootstrapPlatform } from '../../src';
import type { BootstrapOptions } from '../../src';
import { availableServers, createTestDatabase } from '../helpers/test-databases';
import type { TestDatabase } from '../helpers/test-databases';

describe.each(availableServers())('bootstrapPlatform on $name', server => {
  let test: TestDatabase;

  beforeEach(async () => {
    test = await createTestDatabase(server);
  });

  afterEach(async () => {
    await test.drop();
  });

  it.each<[string, BootstrapOptions, boolean]>([
    ['a generated password', {}, true],
    ['a given password', { adminPassword: 'a known dev password' }, false],
    [
      'a given password marked one-time',
      { adminPassword: 'a known dev password', mustChangePassword: true },
      true,
    ],
    ['a generated password not marked one-time', { mustChangePassword: false }, false],
  ])('with %s, sets mustChangePassword to %s', async (_name, options, expected) => {
    const result = await bootstrapPlatform(test.db, options);
    const admin = await test.db.models.User.findOne({ where: { email: 'admin@grove.local' } });

    expect(result!.mustChangePassword).toBe(expected);
    expect(admin!.mustChangePassword).toBe(expected);
  });
});
