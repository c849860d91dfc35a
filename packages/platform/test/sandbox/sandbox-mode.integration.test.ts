import { hashEnvSecret } from '../../src';
import type { EnvironmentPermissions, Platform } from '../../src';
import { agentCall } from '../helpers/agent-call';
import { sampleApimap } from '../helpers/sample-apimap';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';

const first = 'a'.repeat(64);
const second = 'b'.repeat(64);

describe.each(availableServers())('sandbox mode on $name', server => {
  let test: TestPlatform;
  let platform: Platform;
  let url: string;

  beforeEach(async () => {
    test = await startTestPlatform(server, {
      mode: 'sandbox',
      bootstrap: false,
      sandbox: { refreshSettleMs: 0 },
    });
    ({ platform } = test);
    ({ url } = platform);
  });

  afterEach(async () => {
    await test.stop();
  });

  const models = () => platform.context.db.models;
  const json = async (
    secret: string | undefined,
    path: string,
    body?: unknown,
    method?: string,
  ) => {
    const response = await agentCall(url, secret, path, {
      ...(body === undefined ? {} : { body }),
      ...(method ? { method } : {}),
    });
    const text = await response.text();

    return {
      status: response.status,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
  };
  const permissions = async (secret: string) =>
    (await json(secret, '/liana/v4/permissions/environment')).body as EnvironmentPermissions;

  it('seeds the sandbox user, project Sandbox with only the Admin role, and team admin', async () => {
    const user = await models().User.findByPk(1);
    expect(user?.get({ plain: true })).toMatchObject({
      email: 'forest@forest.com',
      firstName: 'forest',
      lastName: 'admin',
      permissionLevel: 'admin',
      tags: {},
      passwordHash: null,
    });
    expect((await models().Project.findAll()).map(project => [project.id, project.name])).toEqual([
      [1, 'Sandbox'],
    ]);
    expect((await models().Role.findAll()).map(role => [role.id, role.name])).toEqual([
      [1, 'Admin'],
    ]);
    expect((await models().Team.findAll()).map(team => [team.id, team.name])).toEqual([
      [1, 'admin'],
    ]);
    expect(await models().ProjectMember.count({ where: { userId: 1, roleId: 1 } })).toBe(1);
    expect(await models().TeamMember.count({ where: { userId: 1, teamId: 1 } })).toBe(1);
    expect(await models().Environment.count()).toBe(0);
  });

  it('provisions one environment per secret on first use, storing only its hash', async () => {
    const calls = await Promise.all(
      [1, 2, 3].map(() => json(first, '/liana/v4/permissions/users')),
    );
    expect(calls.map(call => call.status)).toEqual([200, 200, 200]);
    expect((await json('not-hex', '/liana/v4/permissions/users')).status).toBe(200);

    const environments = await models().Environment.findAll({ order: [['id', 'ASC']] });
    expect(environments.map(environment => environment.secretHash)).toEqual([
      hashEnvSecret(first),
      hashEnvSecret('not-hex'),
    ]);
    expect(environments[0]!.projectId).toBe(1);
    expect(
      (await models().Rendering.findAll({ where: { environmentId: environments[0]!.id } })).map(
        row => row.get({ plain: true }),
      ),
    ).toEqual([expect.objectContaining({ id: 1, teamId: 1 })]);
    // A second environment gets a project of its own: its overrides never touch the first's rights.
    expect(environments[1]!.projectId).not.toBe(1);
    expect(platform.sandbox!.eventStreams('unknown')).toEqual({ open: 0, opened: 0 });
  });

  it('answers 401 without a secret, and creates nothing', async () => {
    expect(await json('', '/liana/v4/permissions/users')).toEqual({
      status: 401,
      body: { errors: [{ detail: 'Missing the forest-secret-key header' }] },
    });
    expect(await models().Environment.count()).toBe(0);
  });

  it('stores a test override as rights rows of the Admin role, and computes rights from them', async () => {
    await json(first, '/forest/apimaps', sampleApimap());
    const allowed = await permissions(first);
    expect(allowed.collections.orders!.collection.deleteEnabled).toBe(true);
    expect(allowed.collections.orders!.actions.Archive).toMatchObject({
      triggerEnabled: { roles: [1] },
      approvalRequired: { roles: [] },
      userApprovalEnabled: { roles: [1] },
      selfApprovalEnabled: { roles: [1] },
    });

    const paid = { field: 'status', operator: 'equal', value: 'paid' };
    const posted = await json(first, '/permission-override', {
      orders: {
        collection: { deleteEnabled: false },
        actions: { Archive: { triggerConditions: paid, selfApprovalEnabled: false } },
      },
    });

    expect(posted.status).toBe(200);
    expect(
      (await models().RoleCollectionRight.findAll()).map(row => row.get({ plain: true })),
    ).toEqual([
      expect.objectContaining({ roleId: 1, collectionName: 'orders', delete: false, browse: true }),
    ]);
    expect((await models().RoleActionRight.findAll()).map(row => row.get({ plain: true }))).toEqual(
      [
        expect.objectContaining({
          roleId: 1,
          actionName: 'Archive',
          trigger: true,
          triggerConditions: paid,
          selfApprove: false,
        }),
      ],
    );
    const denied = await permissions(first);
    expect(denied.collections.orders!.collection).toMatchObject({
      deleteEnabled: false,
      editEnabled: true,
    });
    expect(denied.collections.orders!.actions.Archive).toMatchObject({
      triggerConditions: [{ roleId: 1, filter: paid }],
      selfApprovalEnabled: { roles: [] },
    });
    expect(platform.sandbox!.permissionOverride(first)).toEqual(posted.body);

    expect((await json(first, '/permission-override', undefined, 'DELETE')).status).toBe(200);
    expect(await models().RoleCollectionRight.count()).toBe(0);
    expect((await permissions(first)).collections.orders!.collection.deleteEnabled).toBe(true);
  });

  it("never changes another environment's rights, and refuses a malformed override", async () => {
    await json(first, '/forest/apimaps', sampleApimap());
    await json(second, '/forest/apimaps', sampleApimap());
    await json(second, '/permission-override', {
      orders: { collection: { browseEnabled: false } },
    });

    expect((await permissions(second)).collections.orders!.collection.browseEnabled).toBe(false);
    expect((await permissions(first)).collections.orders!.collection.browseEnabled).toBe(true);
    expect(platform.sandbox!.permissionOverride(first)).toEqual({});

    const rows = await models().RoleCollectionRight.count();
    expect(
      await json(second, '/permission-override', {
        orders: { collection: { browseEnabled: 'no' } },
      }),
    ).toEqual({
      status: 400,
      body: {
        errors: [
          {
            detail:
              'Invalid permission override: orders.collection.browseEnabled must be a boolean',
          },
        ],
      },
    });
    expect(await models().RoleCollectionRight.count()).toBe(rows);
  });

  it("maps a rendering id that is not the environment's to its own rendering", async () => {
    await json(first, '/liana/v4/permissions/users');
    await json(second, '/liana/v4/permissions/users');
    const own = await models().Rendering.findOne({
      where: { environmentId: platform.sandbox!.environmentId(second)! },
    });
    const team = await models().Team.findByPk(own!.teamId);
    const expected = { team: { id: team!.id, name: 'admin' }, collections: {}, stats: [] };

    expect(await json(second, '/liana/v4/permissions/renderings/1')).toEqual({
      status: 200,
      body: expected,
    });
    expect(await json(second, `/liana/v4/permissions/renderings/${own!.id}`)).toEqual({
      status: 200,
      body: expected,
    });
    expect(await json(first, '/liana/v4/permissions/renderings/1')).toEqual({
      status: 200,
      body: { team: { id: 1, name: 'admin' }, collections: {}, stats: [] },
    });
  });

  it('registers a schema file and reads it back in the test view and as JSON:API', async () => {
    const file = {
      collections: [
        {
          name: 'orders',
          fields: [{ field: 'id' }],
          actions: [{ id: 'orders-0-refund', name: 'Refund' }],
        },
      ],
      meta: { liana: 'test' },
    };
    expect(await json(first, '/agent-schema', file)).toEqual({
      status: 200,
      body: { collections: 1 },
    });
    expect(platform.sandbox!.schema(first)).toEqual({
      collections: [{ name: 'orders', actions: ['Refund'] }],
    });
    const document = (await json(first, '/liana/forest-schema')).body as { data: { id: string }[] };
    expect(document.data.map(resource => resource.id)).toEqual(['orders']);
    expect((await json(first, '/agent-schema', { collections: [{ fields: [] }] })).status).toBe(
      400,
    );
    expect(platform.sandbox!.schema(first)).toEqual({
      collections: [{ name: 'orders', actions: ['Refund'] }],
    });
  });

  it('stores activity logs in activity_logs and updates their status', async () => {
    await json(first, '/liana/v4/permissions/users');
    const headers = { 'content-type': 'application/json', authorization: 'Bearer any' };
    const body = {
      action: 'update',
      label: 'updated',
      records: ['42'],
      renderingId: '1',
      collectionModelName: 'orders',
    };
    const created = await fetch(`${url}/api/activity-logs-requests/mcp`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const { data } = (await created.json()) as { data: { id: string; attributes: unknown } };
    expect(data.attributes).toEqual({ index: 'sandbox' });
    expect(
      (await models().ActivityLog.findByPk(Number(data.id)))?.get({ plain: true }),
    ).toMatchObject({
      environmentId: platform.sandbox!.environmentId(first),
      userId: 1,
      userEmail: 'forest@forest.com',
      action: 'update',
      collectionName: 'orders',
      recordIds: ['42'],
      label: 'updated',
      status: 'pending',
    });

    const patch = (path: string, status: unknown) =>
      fetch(`${url}${path}`, { method: 'PATCH', headers, body: JSON.stringify({ status }) });
    expect(
      (await patch(`/api/activity-logs-requests/sandbox/${data.id}/status`, 'done')).status,
    ).toBe(400);
    expect((await patch('/api/activity-logs-requests/sandbox/999/status', 'failed')).status).toBe(
      404,
    );
    expect(
      (await patch(`/api/activity-logs-requests/other/${data.id}/status`, 'failed')).status,
    ).toBe(404);
    expect((await models().ActivityLog.findByPk(Number(data.id)))?.status).toBe('pending');
    expect(
      (await patch(`/api/activity-logs-requests/sandbox/${data.id}/status`, 'completed')).status,
    ).toBe(204);
    expect(platform.sandbox!.activityLogs()).toEqual([{ id: data.id, body, status: 'completed' }]);
    expect((await models().ActivityLog.findByPk(Number(data.id)))?.status).toBe('completed');
  });

  it("accepts an agent's activity logs from any user and rendering, and keeps them for tests", async () => {
    await json(first, '/liana/v4/permissions/users');
    const entry = {
      userId: 4242,
      renderingId: 1,
      type: 'write',
      action: 'update',
      collectionName: 'orders',
      recordIds: ['42'],
      label: 'updated',
      source: 'ui',
      status: 'pending',
    };
    const foreign = {
      ...entry,
      renderingId: 777,
      type: 'read',
      action: 'index',
      status: 'completed',
    };
    const created = await json(first, '/liana/v1/activity-logs', { logs: [entry, foreign] });
    const ids = (created.body as { data: { id: string }[] }).data.map(item => item.id);

    expect(created.status).toBe(200);
    expect(
      (await models().ActivityLog.findByPk(Number(ids[0])))?.get({ plain: true }),
    ).toMatchObject({
      environmentId: platform.sandbox!.environmentId(first),
      userId: 1,
      userEmail: 'forest@forest.com',
      renderingId: 1,
      teamName: 'admin',
      source: 'ui',
      status: 'pending',
    });
    expect(
      (await models().ActivityLog.findByPk(Number(ids[1])))?.get({ plain: true }),
    ).toMatchObject({ renderingId: null, teamName: null, type: 'read' });
    expect(
      (
        await json(
          first,
          `/liana/v1/activity-logs/${ids[0]}/status`,
          { status: 'completed' },
          'PATCH',
        )
      ).status,
    ).toBe(204);
    expect(platform.sandbox!.activityLogs()).toEqual([
      { id: ids[0], body: entry, status: 'completed' },
      { id: ids[1], body: foreign, status: 'completed' },
    ]);
  });

  it('records the requests no route answered', async () => {
    expect(await json(first, '/nowhere?x=1')).toEqual({
      status: 404,
      body: { errors: [{ detail: 'Sandbox: no route for GET /nowhere' }] },
    });
    expect(platform.sandbox!.unhandledRequests).toEqual(['GET /nowhere']);
  });
});

describe.each(availableServers())('standard mode on $name', server => {
  let test: TestPlatform;

  beforeEach(async () => {
    test = await startTestPlatform(server);
  });

  afterEach(async () => {
    await test.stop();
  });

  it('serves neither the test-kit routes nor sandbox provisioning', async () => {
    const { url, bootstrap, context } = test.platform;
    const override = { orders: { collection: { browseEnabled: false } } };
    const response = await agentCall(url, bootstrap!.envSecret, '/permission-override', {
      body: override,
    });

    expect(response.status).toBe(404);
    expect(await context.db.models.RoleCollectionRight.count()).toBe(0);
    expect((await agentCall(url, 'c'.repeat(64), '/liana/v4/permissions/users')).status).toBe(401);
    expect(await context.db.models.Environment.count()).toBe(1);
    expect(test.platform.sandbox).toBeUndefined();
  });
});
