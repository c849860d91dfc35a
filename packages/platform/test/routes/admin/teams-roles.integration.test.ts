import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';
import {
  addMember,
  expectNothingChanged,
  loginBootstrapAdmin,
  recordEvents,
} from '../../helpers/admin-client';
import type { AdminClient } from '../../helpers/admin-client';

describe.each(availableServers())('admin teams, roles and rights on $name', server => {
  let test: TestPlatform;
  let admin: AdminClient;
  let projectId: number;
  let environmentId: number;
  let base: string;

  beforeEach(async () => {
    test = await startTestPlatform(server);
    admin = await loginBootstrapAdmin(test.platform);
    projectId = test.platform.bootstrap!.project.id;
    environmentId = test.platform.bootstrap!.environment.id;
    base = `/api/admin/projects/${projectId}`;
  });

  afterEach(async () => {
    await test.stop();
  });

  const unchanged = (run: () => Promise<void>) => expectNothingChanged(test.platform, run);
  const roleId = async (name: string) =>
    (await test.platform.context.db.models.Role.findOne({ where: { projectId, name } }))!.id;

  it('creates a team with a rendering per environment, renames it, manages its members and deletes it', async () => {
    const second = await admin.call('POST', `${base}/environments`, {
      name: 'Production',
      isProduction: true,
    });
    const created = await admin.call('POST', `${base}/teams`, { name: 'Support' });
    expect(created.status).toBe(201);
    const teamId = created.body.data.id;
    const { models } = test.platform.context.db;
    const renderings = await models.Rendering.findAll({
      where: { teamId },
      order: [['environmentId', 'ASC']],
    });
    expect(renderings.map(rendering => rendering.environmentId)).toEqual([
      environmentId,
      second.body.data.id,
    ]);

    const userId = await addMember(test.platform, projectId, 'User', 'sam@example.com');
    const { events, stop } = recordEvents(test.platform);
    expect((await admin.call('POST', `${base}/teams/${teamId}/members`, { userId })).status).toBe(
      204,
    );
    stop();
    expect(events.map(event => event.name)).toEqual(['refresh-users', 'refresh-users']);
    expect((await admin.call('POST', `${base}/teams/${teamId}/members`, { userId })).status).toBe(
      409,
    );
    const teams = await admin.call('GET', `${base}/teams`);
    expect(teams.body.data).toEqual([
      expect.objectContaining({ name: 'Operations', userIds: [admin.userId] }),
      expect.objectContaining({ id: teamId, name: 'Support', userIds: [userId] }),
    ]);

    expect(
      (await admin.call('PATCH', `${base}/teams/${teamId}`, { name: 'Helpdesk' })).body.data.name,
    ).toBe('Helpdesk');
    expect((await admin.call('DELETE', `${base}/teams/${teamId}/members/${userId}`)).status).toBe(
      204,
    );
    expect((await admin.call('DELETE', `${base}/teams/${teamId}/members/${userId}`)).status).toBe(
      404,
    );
    expect((await admin.call('DELETE', `${base}/teams/${teamId}`)).status).toBe(204);
    expect(await models.Rendering.count({ where: { teamId } })).toBe(0);
    const actions = (
      await models.AdminLog.findAll({
        where: { resourceType: ['team', 'team-member'] },
        order: [['id', 'ASC']],
      })
    ).map(log => `${log.resourceType}:${log.action}`);
    expect(actions).toEqual([
      'team:create',
      'team-member:create',
      'team:update',
      'team-member:delete',
      'team:delete',
    ]);
  });

  it('refuses duplicate team names (409) and non-members in teams (404), changing nothing', async () => {
    const teamId = (await test.platform.context.db.models.Team.findOne({ where: { projectId } }))!
      .id;
    const stranger = await test.platform.context.db.models.User.create({
      email: 'stranger@example.com',
      firstName: 'S',
      lastName: 'T',
      permissionLevel: 'user',
    });
    await unchanged(async () => {
      expect((await admin.call('POST', `${base}/teams`, { name: 'Operations' })).status).toBe(409);
      expect((await admin.call('POST', `${base}/teams`, { name: '   ' })).status).toBe(400);
      expect(
        (await admin.call('POST', `${base}/teams/${teamId}/members`, { userId: stranger.id }))
          .status,
      ).toBe(404);
    });
  });

  it('creates, renames and deletes custom roles; built-in roles cannot be renamed or deleted', async () => {
    const { events, stop } = recordEvents(test.platform);
    const created = await admin.call('POST', `${base}/roles`, { name: 'Auditor' });
    stop();
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Auditor', builtIn: false });
    expect(events).toEqual([{ environmentId, name: 'refresh-roles', data: {} }]);
    const id = created.body.data.id;
    expect(
      (await admin.call('PATCH', `${base}/roles/${id}`, { name: 'Inspector' })).body.data.name,
    ).toBe('Inspector');

    const adminRole = await roleId('Admin');
    await unchanged(async () => {
      expect(
        (await admin.call('PATCH', `${base}/roles/${adminRole}`, { name: 'Boss' })).status,
      ).toBe(403);
      expect((await admin.call('DELETE', `${base}/roles/${adminRole}`)).status).toBe(403);
      expect((await admin.call('POST', `${base}/roles`, { name: 'Editor' })).status).toBe(409);
    });

    const userId = await addMember(test.platform, projectId, 'User', 'held@example.com');
    await admin.call('PATCH', `${base}/members/${userId}`, { roleId: id });
    await unchanged(async () => {
      expect((await admin.call('DELETE', `${base}/roles/${id}`)).status).toBe(409);
    });
    await admin.call('PATCH', `${base}/members/${userId}`, { roleId: await roleId('User') });
    expect((await admin.call('DELETE', `${base}/roles/${id}`)).status).toBe(204);
  });

  it('sets collection and action rights, logging previous values and refreshing roles', async () => {
    const editor = await roleId('Editor');
    const collectionPath = `${base}/roles/${editor}/collections/books`;
    const rights = {
      browse: true,
      read: true,
      edit: false,
      add: false,
      delete: false,
      export: true,
    };
    const { events, stop } = recordEvents(test.platform);
    expect((await admin.call('PUT', collectionPath, rights)).status).toBe(200);
    expect((await admin.call('PUT', collectionPath, { ...rights, edit: true })).status).toBe(200);
    const condition = {
      aggregator: 'and',
      conditions: [{ field: 'status', operator: 'equal', value: 'draft', source: 'data' }],
    };
    const actionRights = {
      trigger: true,
      triggerConditions: condition,
      approvalRequired: true,
      approvalRequiredConditions: null,
      approve: false,
      approveConditions: null,
      selfApprove: false,
    };
    const action = await admin.call(
      'PUT',
      `${base}/roles/${editor}/actions/books/${encodeURIComponent('Mark as read')}`,
      actionRights,
    );
    stop();
    expect(action.status).toBe(200);
    expect(events).toEqual(Array(3).fill({ environmentId, name: 'refresh-roles', data: {} }));

    const roles = await admin.call('GET', `${base}/roles`);
    const listed = roles.body.data.find((role: { id: number }) => role.id === editor);
    expect(listed.collections).toEqual({ books: { ...rights, edit: true } });
    expect(listed.actions).toEqual({ books: { 'Mark as read': actionRights } });
    // Where a role has no row, its defaults apply: the built-in ones for Editor, nothing for custom.
    expect(listed.defaults).toEqual({
      collection: { browse: true, read: true, edit: true, add: true, delete: true, export: true },
      trigger: true,
      approve: false,
      selfApprove: false,
    });
    const user = roles.body.data.find((role: { name: string }) => role.name === 'User');
    expect(user.defaults.collection).toMatchObject({ browse: true, edit: false, delete: false });
    const logs = await test.platform.context.db.models.AdminLog.findAll({
      where: { resourceType: 'role-collection-rights' },
      order: [['id', 'ASC']],
    });
    expect(logs.map(log => log.previousValues)).toEqual([
      null,
      { collectionName: 'books', ...rights },
    ]);
  });

  it('refuses incomplete rights and malformed conditions (400), changing nothing', async () => {
    const editor = await roleId('Editor');
    const actionPath = `${base}/roles/${editor}/actions/books/Archive`;
    const valid = {
      trigger: true,
      triggerConditions: null,
      approvalRequired: false,
      approvalRequiredConditions: null,
      approve: false,
      approveConditions: null,
      selfApprove: false,
    };
    await unchanged(async () => {
      expect(
        (await admin.call('PUT', `${base}/roles/${editor}/collections/books`, { browse: true }))
          .status,
      ).toBe(400);
      expect(
        (
          await admin.call('PUT', `${base}/roles/${editor}/collections/books`, {
            browse: 1,
            read: true,
            edit: true,
            add: true,
            delete: true,
            export: true,
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await admin.call('PUT', actionPath, {
            ...valid,
            triggerConditions: { field: 'a', operator: 'Equal', value: 1 },
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await admin.call('PUT', actionPath, {
            ...valid,
            approveConditions: { aggregator: 'xor', conditions: [] },
          })
        ).status,
      ).toBe(400);
      expect(
        (await admin.call('PUT', `${base}/roles/999999/collections/books`, { ...valid })).status,
      ).toBe(400);
      expect(
        (await admin.call('PUT', `${base}/roles/999999/actions/books/Archive`, valid)).status,
      ).toBe(404);
    });
  });
});
