import { generateEnvSecret, hashEnvSecret } from '../../src';
import { availableServers, createTestDatabase } from '../helpers/test-databases';
import type { TestDatabase } from '../helpers/test-databases';

describe.each(availableServers())('deleting a project on $name', server => {
  let test: TestDatabase;

  beforeEach(async () => {
    test = await createTestDatabase(server);
  });

  afterEach(async () => {
    await test.drop();
  });

  /** A project with one of everything that belongs to it; returns its id and the admin's. */
  async function seedProject(name: string) {
    const m = test.db.models;
    const admin = await m.User.create({
      email: `${name.toLowerCase()}@example.com`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      permissionLevel: 'admin',
    });
    const userId = admin.get('id');
    const projectId = (await m.Project.create({ name })).get('id');
    const environmentId = (
      await m.Environment.create({
        projectId,
        name: 'Production',
        secretHash: hashEnvSecret(generateEnvSecret()),
      })
    ).get('id');
    const teamId = (await m.Team.create({ projectId, name: 'Operations' })).get('id');
    const roleId = (await m.Role.create({ projectId, name: 'Admin', builtIn: true })).get('id');
    await m.ProjectMember.create({ projectId, userId, roleId });
    await m.TeamMember.create({ teamId, userId });
    await m.RoleCollectionRight.create({ roleId, collectionName: 'orders', browse: true });
    await m.RoleActionRight.create({ roleId, collectionName: 'orders', actionName: 'Refund' });
    await m.Rendering.create({ teamId, environmentId });
    await m.EnvironmentSchema.create({ environmentId, schema: { collections: [] }, hash: 'a1' });
    await m.ActivityLog.create({ environmentId, userId, action: 'read', status: 'completed' });
    await m.AdminLog.create({
      projectId,
      resourceType: 'project',
      resourceId: String(projectId),
      action: 'create',
      newValues: { name },
      initiatorId: userId,
      initiatorEmail: admin.get('email'),
    });

    return { projectId, userId };
  }

  it('deletes what belongs to the project, keeps users and the admin logs (project unset)', async () => {
    const m = test.db.models;
    const shop = await seedProject('Shop');
    await seedProject('Blog');

    await m.Project.destroy({ where: { id: shop.projectId } });

    // The other project keeps exactly one of everything; the deleted one keeps nothing.
    const owned: { count(): Promise<number> }[] = [
      m.Environment,
      m.Team,
      m.Role,
      m.ProjectMember,
      m.TeamMember,
      m.RoleCollectionRight,
      m.RoleActionRight,
      m.Rendering,
      m.EnvironmentSchema,
      m.ActivityLog,
    ];
    expect(await Promise.all(owned.map(model => model.count()))).toEqual(owned.map(() => 1));
    expect(await m.User.count()).toBe(2);
    const logs = await m.AdminLog.findAll({ order: [['id', 'ASC']] });
    expect(
      logs.map(log => [log.get('projectId'), log.get('initiatorId'), log.get('newValues')]),
    ).toEqual([
      [null, shop.userId, { name: 'Shop' }],
      [expect.any(Number), expect.any(Number), { name: 'Blog' }],
    ]);
  });

  it('keeps activity and admin logs when their user is deleted, naming the user by email', async () => {
    const m = test.db.models;
    const shop = await seedProject('Shop');

    await m.User.destroy({ where: { id: shop.userId } });

    expect(await m.ProjectMember.count()).toBe(0);
    expect(await m.TeamMember.count()).toBe(0);
    const [admin] = await m.AdminLog.findAll();
    expect([admin?.get('initiatorId'), admin?.get('initiatorEmail')]).toEqual([
      null,
      'shop@example.com',
    ]);
    const [activity] = await m.ActivityLog.findAll();
    expect(activity?.get('userId')).toBeNull();
  });
});
