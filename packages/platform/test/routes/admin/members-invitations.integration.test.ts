import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';
import {
  addMember,
  callAdmin,
  loginAdmin,
  expectNothingChanged,
  loginBootstrapAdmin,
  recordEvents,
} from '../../helpers/admin-client';
import type { AdminClient } from '../../helpers/admin-client';

describe.each(availableServers())('admin members and invitations on $name', server => {
  let test: TestPlatform;
  let admin: AdminClient;
  let projectId: number;
  let base: string;

  beforeEach(async () => {
    test = await startTestPlatform(server);
    admin = await loginBootstrapAdmin(test.platform);
    projectId = test.platform.bootstrap!.project.id;
    base = `/api/admin/projects/${projectId}`;
  });

  afterEach(async () => {
    await test.stop();
  });

  const unchanged = (run: () => Promise<void>) => expectNothingChanged(test.platform, run);
  const roleId = async (name: string) =>
    (await test.platform.context.db.models.Role.findOne({ where: { projectId, name } }))!.id;
  const accept = (token: string, body: unknown) =>
    callAdmin(test.platform.url, 'POST', `/api/admin/invitations/${token}/accept`, body);

  it('invites a new user, who accepts, joins with the role and team, and logs in', async () => {
    const editorId = await roleId('Editor');
    const invited = await admin.call('POST', `${base}/invitations`, {
      email: 'ada@example.com',
      roleId: editorId,
    });

    expect(invited.status).toBe(201);
    const { token, link } = invited.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toBe(`${test.platform.url}/invitations/${token}`);
    const pending = await admin.call('GET', `${base}/invitations`);
    expect(pending.body.data).toEqual([
      expect.objectContaining({ email: 'ada@example.com', roleId: editorId, acceptedAt: null }),
    ]);
    expect(JSON.stringify(pending.body)).not.toContain(token);
    expect(
      JSON.stringify(await test.platform.context.db.models.Invitation.findAll({ raw: true })),
    ).not.toContain(token);

    const { events, stop } = recordEvents(test.platform);
    const accepted = await accept(token, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: 'analytical engine 1843',
    });
    stop();
    expect(accepted.status).toBe(201);
    expect(accepted.body.data).toMatchObject({
      created: true,
      projectId,
      user: { email: 'ada@example.com', permissionLevel: 'editor' },
    });
    expect(events).toEqual([
      { environmentId: test.platform.bootstrap!.environment.id, name: 'refresh-users', data: {} },
    ]);

    const members = await admin.call('GET', `${base}/members`);
    expect(members.body.data).toEqual([
      expect.objectContaining({
        email: 'admin@grove.local',
        role: { id: await roleId('Admin'), name: 'Admin' },
      }),
      expect.objectContaining({
        email: 'ada@example.com',
        firstName: 'Ada',
        role: { id: editorId, name: 'Editor' },
        teams: [{ id: expect.any(Number), name: 'Operations' }],
      }),
    ]);
    expect(JSON.stringify(members.body)).not.toMatch(/passwordHash|scrypt/);
    await expect(
      loginAdmin(test.platform, 'ada@example.com', 'analytical engine 1843'),
    ).resolves.toBeDefined();

    // A token works once.
    await unchanged(async () => {
      expect(
        (
          await accept(token, {
            firstName: 'Eve',
            lastName: 'X',
            password: 'another long password',
          })
        ).status,
      ).toBe(404);
    });
    const log = await test.platform.context.db.models.AdminLog.findOne({
      where: { action: 'accept-invitation' },
      raw: true,
    });
    expect(log).toMatchObject({ projectId, resourceType: 'member' });
    expect(JSON.stringify(log)).not.toMatch(/analytical|scrypt/);
  });

  it('attaches an existing user, who keeps their password', async () => {
    const other = await admin.call('POST', '/api/admin/projects', { name: 'Other' });
    await addMember(
      test.platform,
      other.body.data.id,
      'User',
      'grace@example.com',
      'the original password',
    );
    const invited = await admin.call('POST', `${base}/invitations`, {
      email: 'Grace@Example.com',
      roleId: await roleId('User'),
    });

    // Holding the link is not enough for an existing account: it accepts signed in.
    await unchanged(async () => {
      expect((await accept(invited.body.data.token, {})).status).toBe(401);
    });
    const grace = await loginAdmin(test.platform, 'grace@example.com', 'the original password');
    const accepted = await grace.call(
      'POST',
      `/api/admin/invitations/${invited.body.data.token}/accept`,
      {},
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.created).toBe(false);
    await expect(
      loginAdmin(test.platform, 'grace@example.com', 'the original password'),
    ).resolves.toBeDefined();
    expect((await admin.call('GET', `${base}/members`)).body.data).toHaveLength(2);
  });

  it('refuses a weak password (400) and creates nobody; the invitation stays usable', async () => {
    const invited = await admin.call('POST', `${base}/invitations`, {
      email: 'weak@example.com',
      roleId: await roleId('User'),
    });
    const { token } = invited.body.data;

    await unchanged(async () => {
      const weak = await accept(token, {
        firstName: 'Weak',
        lastName: 'Password',
        password: 'hunter2',
      });
      expect(weak.status).toBe(400);
      expect(weak.body.errors[0].detail).toMatch(/at least 12 characters/);
      expect(
        (await accept(token, { firstName: '', lastName: 'X', password: 'a long enough password' }))
          .status,
      ).toBe(400);
      expect(
        (
          await accept(token, {
            firstName: 'A',
            lastName: 'B',
            password: 'a long enough password',
            admin: true,
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await accept('x'.repeat(43), {
            firstName: 'A',
            lastName: 'B',
            password: 'a long enough password',
          })
        ).status,
      ).toBe(404);
    });
    expect(
      (await accept(token, { firstName: 'A', lastName: 'B', password: 'a long enough password' }))
        .status,
    ).toBe(201);
  });

  it('refuses an expired invitation', async () => {
    const invited = await admin.call('POST', `${base}/invitations`, {
      email: 'late@example.com',
      roleId: await roleId('User'),
    });
    await test.platform.context.db.models.Invitation.update(
      { expiresAt: new Date(Date.now() - 1000) },
      { where: {} },
    );
    await unchanged(async () => {
      expect(
        (
          await accept(invited.body.data.token, {
            firstName: 'L',
            lastName: 'A',
            password: 'a long enough password',
          })
        ).status,
      ).toBe(404);
    });
  });

  it('refuses invitations to members (409), with roles or teams of other projects (404), or bad emails (400)', async () => {
    const other = await admin.call('POST', '/api/admin/projects', { name: 'Other' });
    const otherRole = await test.platform.context.db.models.Role.findOne({
      where: { projectId: other.body.data.id },
    });
    const userRole = await roleId('User');
    await unchanged(async () => {
      expect(
        (
          await admin.call('POST', `${base}/invitations`, {
            email: 'ADMIN@grove.local',
            roleId: userRole,
          })
        ).status,
      ).toBe(409);
      expect(
        (
          await admin.call('POST', `${base}/invitations`, {
            email: 'x@example.com',
            roleId: otherRole!.id,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await admin.call('POST', `${base}/invitations`, {
            email: 'not an email',
            roleId: userRole,
          })
        ).status,
      ).toBe(400);
      expect(
        (await admin.call('POST', `${base}/invitations`, { email: 'x@example.com' })).status,
      ).toBe(400);
    });
  });

  it('revokes an invitation', async () => {
    const invited = await admin.call('POST', `${base}/invitations`, {
      email: 'gone@example.com',
      roleId: await roleId('User'),
    });
    expect((await admin.call('DELETE', `${base}/invitations/${invited.body.data.id}`)).status).toBe(
      204,
    );
    expect(
      (
        await accept(invited.body.data.token, {
          firstName: 'G',
          lastName: 'O',
          password: 'a long enough password',
        })
      ).status,
    ).toBe(404);
  });

  it("changes a member's role, permission level and tags, logging and refreshing users", async () => {
    const userId = await addMember(test.platform, projectId, 'User', 'bob@example.com');
    const developer = await roleId('Developer');
    const { events, stop } = recordEvents(test.platform);
    const changed = await admin.call('PATCH', `${base}/members/${userId}`, {
      roleId: developer,
      permissionLevel: 'developer',
      tags: { region: 'EU' },
    });
    stop();

    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      id: userId,
      roleId: developer,
      permissionLevel: 'developer',
      tags: { region: 'EU' },
    });
    expect(events).toEqual([
      { environmentId: test.platform.bootstrap!.environment.id, name: 'refresh-users', data: {} },
    ]);
    const log = await test.platform.context.db.models.AdminLog.findOne({
      where: { resourceType: 'member', action: 'update' },
    });
    expect(log!.previousValues).toEqual({
      roleId: await roleId('User'),
      permissionLevel: 'user',
      tags: {},
    });
    expect(log!.newValues).toEqual({
      roleId: developer,
      permissionLevel: 'developer',
      tags: { region: 'EU' },
    });
  });

  it('refuses bad member changes and leaving the project without an Admin (409)', async () => {
    const userId = await addMember(test.platform, projectId, 'User', 'bob@example.com');
    await unchanged(async () => {
      expect(
        (await admin.call('PATCH', `${base}/members/${userId}`, { permissionLevel: 'root' }))
          .status,
      ).toBe(400);
      expect(
        (await admin.call('PATCH', `${base}/members/${userId}`, { tags: { a: 1 } })).status,
      ).toBe(400);
      expect(
        (await admin.call('PATCH', `${base}/members/${userId}`, { roleId: 999_999 })).status,
      ).toBe(404);
      expect(
        (
          await admin.call('PATCH', `${base}/members/${admin.userId}`, {
            roleId: await roleId('User'),
          })
        ).status,
      ).toBe(409);
      expect((await admin.call('DELETE', `${base}/members/${admin.userId}`)).status).toBe(409);
      expect((await admin.call('DELETE', `${base}/members/999999`)).status).toBe(404);
    });
  });

  it('removes a member from the project and its teams', async () => {
    const userId = await addMember(test.platform, projectId, 'User', 'bob@example.com');
    const team = await test.platform.context.db.models.Team.findOne({ where: { projectId } });
    await test.platform.context.db.models.TeamMember.create({ teamId: team!.id, userId });

    expect((await admin.call('DELETE', `${base}/members/${userId}`)).status).toBe(204);
    expect((await admin.call('GET', `${base}/members`)).body.data).toHaveLength(1);
    expect(await test.platform.context.db.models.TeamMember.count({ where: { userId } })).toBe(0);
  });

  it('answers 403 to a non-admin member trying to invite or change members', async () => {
    const userId = await addMember(test.platform, projectId, 'Editor', 'ed@example.com');
    const editor = await loginAdmin(test.platform, 'ed@example.com', 'a long enough password');
    await unchanged(async () => {
      expect(
        (
          await editor.call('POST', `${base}/invitations`, {
            email: 'pal@example.com',
            roleId: await roleId('Admin'),
          })
        ).status,
      ).toBe(403);
      expect(
        (await editor.call('PATCH', `${base}/members/${userId}`, { roleId: await roleId('Admin') }))
          .status,
      ).toBe(403);
      expect((await editor.call('GET', `${base}/members`)).status).toBe(403);
    });
  });
});
