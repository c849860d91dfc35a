import { createEnvironment, createProject } from '../../../src';
import type { EnvironmentPermissions, RoleRow } from '../../../src';
import { agentCall } from '../../helpers/agent-call';
import { sampleApimap } from '../../helpers/sample-apimap';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

const paidOnly = {
  aggregator: 'and',
  conditions: [{ field: 'status', operator: 'equal', value: 'paid', source: 'data' }],
};

describe.each(availableServers())('permissions routes on $name', server => {
  let test: TestPlatform;
  let url: string;
  let secret: string;
  let roles: Record<string, number>;
  let support: RoleRow;
  let supportUserId: number;

  beforeEach(async () => {
    test = await startTestPlatform(server);
    ({ url } = test.platform);
    const { bootstrap, context } = test.platform;
    secret = bootstrap!.envSecret;
    const { models } = context.db;
    const projectId = bootstrap!.project.id;
    support = (await models.Role.create({ projectId, name: 'Support' })).get({ plain: true });
    roles = Object.fromEntries(
      (await models.Role.findAll({ where: { projectId } })).map(role => [role.name, role.id]),
    );
    // Support may do everything on orders but delete, has no row (nothing) on customers.
    await models.RoleCollectionRight.create({
      roleId: support.id,
      collectionName: 'orders',
      browse: true,
      read: true,
      edit: true,
      add: true,
      delete: false,
      export: true,
    });
    // A collection no schema names yet still shows, with its row and the defaults.
    await models.RoleCollectionRight.create({ roleId: support.id, collectionName: 'legacy' });
    await models.RoleActionRight.create({
      roleId: support.id,
      collectionName: 'orders',
      actionName: 'Archive',
      trigger: true,
      triggerConditions: paidOnly,
      approvalRequired: true,
      approvalRequiredConditions: paidOnly,
    });
    await models.RoleActionRight.create({
      roleId: roles.Admin!,
      collectionName: 'orders',
      actionName: 'Archive',
      trigger: true,
      approve: true,
      approveConditions: paidOnly,
      selfApprove: true,
    });
    const user = await models.User.create({
      email: 'sam@example.com',
      firstName: 'Sam',
      lastName: 'Support',
      permissionLevel: 'user',
      tags: { region: 'EU' },
    });
    supportUserId = user.id;
    await models.ProjectMember.create({ projectId, userId: user.id, roleId: support.id });

    // Another project: its roles, rights and members never show in this environment.
    const other = await createProject(context.db, null, { name: 'Other' });
    const outsider = await models.User.create({
      email: 'out@example.com',
      firstName: 'Out',
      lastName: 'Sider',
      permissionLevel: 'admin',
    });
    const otherAdmin = await models.Role.findOne({ where: { projectId: other.id, name: 'Admin' } });
    await models.ProjectMember.create({
      projectId: other.id,
      userId: outsider.id,
      roleId: otherAdmin!.id,
    });
    await models.RoleCollectionRight.create({ roleId: otherAdmin!.id, collectionName: 'secrets' });

    await agentCall(url, secret, '/forest/apimaps', { body: sampleApimap() });
  });

  afterEach(async () => {
    await test.stop();
  });

  const getJson = async (path: string, key = secret) => {
    const response = await agentCall(url, key, path);
    expect(response.status).toBe(200);

    return response.json();
  };

  it('computes the environment rights from rows and role defaults, never `true`', async () => {
    const permissions = (await getJson(
      '/liana/v4/permissions/environment',
    )) as EnvironmentPermissions;
    const { Admin, Developer, Editor, User } = roles;
    const everyone = [Admin, Developer, Editor, User, support.id];
    const builtIn = [Admin, Developer, Editor, User];

    expect(Object.keys(permissions.collections)).toEqual(['customers', 'orders', 'legacy']);
    // A collection right every role holds is `true` (docs/platform-protocol.md#environment-rights);
    // action rights stay role lists.
    expect(permissions.collections.orders!.collection).toEqual({
      browseEnabled: true,
      readEnabled: true,
      editEnabled: { roles: [Admin, Developer, Editor, support.id] },
      addEnabled: { roles: [Admin, Developer, Editor, support.id] },
      deleteEnabled: { roles: [Admin, Developer, Editor] },
      exportEnabled: true,
    });
    expect(permissions.collections.customers!.collection).toEqual({
      browseEnabled: { roles: builtIn },
      readEnabled: { roles: builtIn },
      editEnabled: { roles: [Admin, Developer, Editor] },
      addEnabled: { roles: [Admin, Developer, Editor] },
      deleteEnabled: { roles: [Admin, Developer, Editor] },
      exportEnabled: { roles: builtIn },
    });
    // The row of `legacy` holds nothing (every right defaults to false on a row).
    expect(permissions.collections.legacy!.collection.browseEnabled).toEqual({ roles: builtIn });
    expect(permissions.collections.customers!.actions).toEqual({});
    expect(permissions.collections.orders!.actions).toEqual({
      Archive: {
        triggerEnabled: { roles: everyone },
        triggerConditions: [{ roleId: support.id, filter: paidOnly }],
        approvalRequired: { roles: [support.id] },
        approvalRequiredConditions: [{ roleId: support.id, filter: paidOnly }],
        userApprovalEnabled: { roles: [Admin] },
        userApprovalConditions: [{ roleId: Admin, filter: paidOnly }],
        selfApprovalEnabled: { roles: [Admin] },
      },
    });
  });

  it('lists the project members with their role, and no one else', async () => {
    const users = await getJson('/liana/v4/permissions/users');

    expect(users).toEqual([
      {
        id: expect.any(Number),
        firstName: 'Admin',
        lastName: 'Grove',
        fullName: 'Admin Grove',
        email: 'admin@grove.local',
        permissionLevel: 'admin',
        tags: {},
        roleId: roles.Admin,
      },
      {
        id: supportUserId,
        firstName: 'Sam',
        lastName: 'Support',
        fullName: 'Sam Support',
        email: 'sam@example.com',
        permissionLevel: 'user',
        tags: { region: 'EU' },
        roleId: support.id,
      },
    ]);
  });

  it('serves a rendering of the environment with its team, scopes and charts', async () => {
    const { models } = test.platform.context.db;
    const rendering = await models.Rendering.findOne({
      where: { environmentId: test.platform.bootstrap!.environment.id },
    });
    const collections = {
      orders: {
        scope: { field: 'status', operator: 'equal', value: 'paid' },
        segments: ['SELECT id FROM orders'],
        liveQuerySegments: [{ connectionName: 'main', query: 'SELECT id FROM orders' }],
      },
    };
    const stats = [{ type: 'Value', sourceCollectionName: 'orders', aggregator: 'Count' }];
    await rendering!.update({ collections, stats });

    expect(await getJson(`/liana/v4/permissions/renderings/${rendering!.id}`)).toEqual({
      team: { id: rendering!.teamId, name: 'Operations' },
      collections,
      stats,
    });
  });

  it("answers 404 for another environment's rendering and for ids that name none", async () => {
    const { context, bootstrap } = test.platform;
    const other = await createEnvironment(context.db, null, {
      projectId: bootstrap!.project.id,
      name: 'Production',
    });
    const foreign = await context.db.models.Rendering.findOne({
      where: { environmentId: other.environment.id },
    });
    await foreign!.update({ collections: { orders: { scope: null, segments: ['SECRET'] } } });

    for (const id of [String(foreign!.id), '999999', '0', '-1', 'abc', '1e3', '99999999999']) {
      const response = await agentCall(url, secret, `/liana/v4/permissions/renderings/${id}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('SECRET');
    }
    // Its own agent reads it.
    expect(
      (await agentCall(url, other.envSecret, `/liana/v4/permissions/renderings/${foreign!.id}`))
        .status,
    ).toBe(200);
  });

  it('answers 401 to a missing or wrong secret', async () => {
    for (const key of [undefined, 'f'.repeat(64)]) {
      for (const path of ['environment', 'users', 'renderings/1']) {
        expect((await agentCall(url, key, `/liana/v4/permissions/${path}`)).status).toBe(401);
      }
    }
  });

  it('serves the environment rights of collections that have rows before any schema', async () => {
    await test.platform.context.db.models.EnvironmentSchema.destroy({ where: {} });
    const permissions = (await getJson(
      '/liana/v4/permissions/environment',
    )) as EnvironmentPermissions;

    expect(Object.keys(permissions.collections)).toEqual(['orders', 'legacy']);
    expect(Object.keys(permissions.collections.orders!.actions)).toEqual(['Archive']);
  });
});
