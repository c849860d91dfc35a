import { findEnvironmentBySecret, generateEnvSecret, hashEnvSecret } from '../../src';
import { availableServers, createTestDatabase } from '../helpers/test-databases';
import type { TestDatabase } from '../helpers/test-databases';

describe('generateEnvSecret', () => {
  it('returns 64 lower-case hex characters, different each time', () => {
    const secrets = [generateEnvSecret(), generateEnvSecret()];

    expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets[1]).not.toBe(secrets[0]);
  });
});

describe('hashEnvSecret', () => {
  it('is the SHA-256 hex of the secret', () => {
    expect(hashEnvSecret('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe.each(availableServers())('findEnvironmentBySecret on $name', server => {
  let test: TestDatabase;
  let secret: string;
  let environmentId: number;

  beforeEach(async () => {
    test = await createTestDatabase(server);
    const { Project, Environment } = test.db.models;
    const projectId = (await Project.create({ name: 'Shop' })).get('id');
    secret = generateEnvSecret();
    await Environment.create({
      projectId,
      name: 'Staging',
      secretHash: hashEnvSecret(generateEnvSecret()),
    });
    environmentId = (
      await Environment.create({ projectId, name: 'Production', secretHash: hashEnvSecret(secret) })
    ).get('id');
  });

  afterEach(async () => {
    await test.drop();
  });

  it('finds the environment of the secret', async () => {
    const environment = await findEnvironmentBySecret(test.db, secret);

    expect([environment?.id, environment?.name]).toEqual([environmentId, 'Production']);
  });

  it('never stores the secret in clear: the row holds only its hash', async () => {
    const [rows] = await test.db.sequelize.query('SELECT * FROM environments');

    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(rows).toContainEqual(expect.objectContaining({ secret_hash: hashEnvSecret(secret) }));
  });

  it.each([
    ['another valid-looking secret', () => generateEnvSecret()],
    ['the stored hash itself', () => hashEnvSecret(secret)],
    ['the secret in upper case', () => secret.toUpperCase()],
    ['the secret with a trailing space', () => `${secret} `],
    ['an empty string', () => ''],
  ])('finds nothing for %s', async (_, candidate) => {
    expect(await findEnvironmentBySecret(test.db, candidate())).toBeNull();
  });
});
