import { generateEnvSecret, hashEnvSecret } from '../../src';
import { availableServers, createTestDatabase } from '../helpers/test-databases';
import type { TestDatabase } from '../helpers/test-databases';

describe.each(availableServers())('platform constraints on $name', server => {
  let test: TestDatabase;

  beforeEach(async () => {
    test = await createTestDatabase(server);
  });

  afterEach(async () => {
    await test.drop();
  });

  const user = (email: string) => ({
    email,
    firstName: 'Ada',
    lastName: 'Lovelace',
    permissionLevel: 'admin' as const,
  });

  async function rows(table: string): Promise<unknown[]> {
    const [result] = await test.db.sequelize.query(`SELECT * FROM ${table} ORDER BY id`);

    return result;
  }

  it('refuses a second user whose email differs only in case, keeping the table unchanged', async () => {
    const { User } = test.db.models;
    await User.create(user('ada@example.com'));
    const before = await rows('users');

    await expect(User.create(user('ADA@Example.COM'))).rejects.toMatchObject({
      name: 'SequelizeUniqueConstraintError',
    });
    expect(await rows('users')).toEqual(before);
  });

  it('refuses a second project with the same name, keeping the table unchanged', async () => {
    const { Project } = test.db.models;
    await Project.create({ name: 'Shop' });
    const before = await rows('projects');

    await expect(Project.create({ name: 'Shop' })).rejects.toMatchObject({
      name: 'SequelizeUniqueConstraintError',
    });
    expect(await rows('projects')).toEqual(before);
  });

  it('refuses two environments of one project with the same name, not of two projects', async () => {
    const { Project, Environment } = test.db.models;
    const shop = await Project.create({ name: 'Shop' });
    const blog = await Project.create({ name: 'Blog' });
    const environment = (projectId: number) => ({
      projectId,
      name: 'Production',
      secretHash: hashEnvSecret(generateEnvSecret()),
    });
    await Environment.create(environment(shop.get('id')));
    const before = await rows('environments');

    await expect(Environment.create(environment(shop.get('id')))).rejects.toMatchObject({
      name: 'SequelizeUniqueConstraintError',
    });
    expect(await rows('environments')).toEqual(before);

    await Environment.create(environment(blog.get('id')));
    expect(await Environment.count()).toBe(2);
  });

  it('refuses an environment of a project that does not exist', async () => {
    const { Environment } = test.db.models;

    await expect(
      Environment.create({ projectId: 404, name: 'Production', secretHash: 'f'.repeat(64) }),
    ).rejects.toMatchObject({ name: 'SequelizeForeignKeyConstraintError' });
    expect(await rows('environments')).toEqual([]);
  });
});
