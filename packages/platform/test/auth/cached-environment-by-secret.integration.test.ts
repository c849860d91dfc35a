import { generateEnvSecret, hashEnvSecret } from '../../src';
import {
  cachedEnvironmentBySecret,
  ENVIRONMENT_BY_SECRET_SECONDS,
} from '../../src/auth/cached-environment-by-secret';
import { availableServers, createTestDatabase } from '../helpers/test-databases';
import type { TestDatabase } from '../helpers/test-databases';

describe.each(availableServers())('cachedEnvironmentBySecret on $name', server => {
  let test: TestDatabase;
  let secret: string;
  let projectId: number;
  let environmentId: number;
  let clock: number;
  const now = () => clock;
  const find = (candidate: string) => cachedEnvironmentBySecret(test.db, candidate, now);
  // Written behind the model's back, as another platform process would: no hook sees it.
  const renameInSql = (name: string) =>
    test.db.sequelize.query(`UPDATE environments SET name = '${name}' WHERE id = ${environmentId}`);

  beforeEach(async () => {
    test = await createTestDatabase(server);
    clock = 1_000_000;
    const { Project, Environment } = test.db.models;
    projectId = (await Project.create({ name: 'Shop' })).get('id');
    secret = generateEnvSecret();
    environmentId = (
      await Environment.create({ projectId, name: 'Production', secretHash: hashEnvSecret(secret) })
    ).get('id');
  });

  afterEach(async () => {
    await test.drop();
  });

  it('finds the environment of the secret and nothing for another one', async () => {
    expect((await find(secret))?.name).toBe('Production');
    expect(await find(generateEnvSecret())).toBeNull();
    expect(await find('')).toBeNull();
  });

  it('reuses what it found until the bound, then reads the row again', async () => {
    await find(secret);
    await renameInSql('Renamed');

    expect((await find(secret))?.name).toBe('Production');
    clock += ENVIRONMENT_BY_SECRET_SECONDS - 1;
    expect((await find(secret))?.name).toBe('Production');
    clock += 1;
    expect((await find(secret))?.name).toBe('Renamed');
  });

  it('refuses a regenerated secret at once', async () => {
    await find(secret);
    await test.db.models.Environment.update(
      { secretHash: hashEnvSecret(generateEnvSecret()) },
      { where: { id: environmentId } },
    );

    expect(await find(secret)).toBeNull();
  });

  it('refuses the secret of a deleted environment at once', async () => {
    await find(secret);
    await test.db.models.Environment.destroy({ where: { id: environmentId } });

    expect(await find(secret)).toBeNull();
  });

  it('reads an environment again once an instance of the model is saved', async () => {
    await find(secret);
    const other = await test.db.models.Environment.create({
      projectId,
      name: 'Staging',
      secretHash: hashEnvSecret(generateEnvSecret()),
    });
    await renameInSql('Renamed');
    await other.update({ name: 'Staging 2' });

    expect((await find(secret))?.name).toBe('Renamed');
  });

  it('does not remember a secret it did not find', async () => {
    const later = generateEnvSecret();
    expect(await find(later)).toBeNull();
    // Without hooks, as another platform process would create it.
    await test.db.models.Environment.create(
      { projectId, name: 'Later', secretHash: hashEnvSecret(later) },
      { hooks: false },
    );

    expect((await find(later))?.name).toBe('Later');
  });

  it('answers a copy each time: changing one does not change the next', async () => {
    const first = await find(secret);
    Object.assign(first ?? {}, { name: 'Changed' });

    expect((await find(secret))?.name).toBe('Production');
  });
});
