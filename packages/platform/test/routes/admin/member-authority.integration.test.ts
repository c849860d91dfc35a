import { environmentUserClaims } from '../../../src';
import {
  addMember,
  callAdmin,
  expectNothingChanged,
  loginAdmin,
  loginBootstrapAdmin,
  recordEvents,
} from '../../helpers/admin-client';
import type { AdminClient } from '../../helpers/admin-client';
import { agentCall } from '../../helpers/agent-call';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';
import { memberWithToken, renderingOf } from '../../helpers/user-tokens';
import type { TokenUser } from '../../helpers/user-tokens';

// An Admin of project B changes nothing that project A sees about a user
// (docs/decisions.md#d26-permission-level-and-tags-per-project).
describe.each(availableServers())('authority stays inside its project on $name', server => {
  let test: TestPlatform;
  let adminA: AdminClient;
  let adminB: AdminClient;
  let bob: TokenUser;
  let projectA: number;
  let projectB: number;

  beforeEach(async () => {
    test = await startTestPlatform(server);
    const { platform } = test;
    adminA = await loginBootstrapAdmin(platform);
    projectA = platform.bootstrap!.project.id;
    // Bob: a plain User of project A, in its team, logged in through A's agent.
    bob = await memberWithToken(platform, 'User', 'Operations', 'bob@example.com');
    projectB = (await adminA.call('POST', '/api/admin/projects', { name: 'B' })).body.data.id;
    await addMember(platform, projectB, 'Admin', 'mallory@example.com');
    adminB = await loginAdmin(platform, 'mallory@example.com', 'a long enough password');
  });

  afterEach(async () => {
    await test.stop();
  });

  const models = () => test.platform.context.db.models;
  const roleId = async (projectId: number, name: string) =>
    (await models().Role.findOne({ where: { projectId, name } }))!.id;
  const joinB = async () =>
    models().ProjectMember.create({
      projectId: projectB,
      userId: bob.id,
      roleId: await roleId(projectB, 'User'),
    });
  // What project A's agent is served about Bob: the users list and his rendering authorization,
  // and the claims a workflow run would act with.
  const seenByA = async () => {
    const { envSecret, environment } = test.platform.bootstrap!;
    const users = (await (
      await agentCall(test.platform.url, envSecret, '/liana/v4/permissions/users')
    ).json()) as { id: number }[];
    const authorization = await fetch(
      `${test.platform.url}/liana/v2/renderings/${await renderingOf(test.platform, 'Operations')}/authorization`,
      { headers: { 'forest-secret-key': envSecret, 'forest-token': bob.token } },
    );
    const claims = await environmentUserClaims(test.platform.context, environment, bob.id);
    const { attributes } = ((await authorization.json()) as { data: { attributes: object } }).data;

    return {
      user: users.find(user => user.id === bob.id),
      authorization: attributes,
      claims: { permissionLevel: claims.permissionLevel, tags: claims.tags },
    };
  };
  const rowsOfA = async () => ({
    users: await models().User.findAll({ order: [['id', 'ASC']], raw: true }),
    membersOfA: await models().ProjectMember.findAll({
      where: { projectId: projectA },
      order: [['id', 'ASC']],
      raw: true,
    }),
    teamMembers: await models().TeamMember.findAll({ order: [['id', 'ASC']], raw: true }),
  });

  it("B's Admin raising a shared member changes only B: A's rows and agents see the same", async () => {
    await joinB();
    const before = { seen: await seenByA(), rows: await rowsOfA() };
    expect(before.seen).toMatchObject({
      user: { permissionLevel: 'user', tags: {} },
      authorization: { permission_level: 'user', tags: [], role: 'User' },
      claims: { permissionLevel: 'user', tags: {} },
    });

    const { events, stop } = recordEvents(test.platform);
    const raised = await adminB.call('PATCH', `/api/admin/projects/${projectB}/members/${bob.id}`, {
      roleId: await roleId(projectB, 'Admin'),
      permissionLevel: 'admin',
      tags: { region: '*' },
    });
    stop();

    expect(raised.status).toBe(200);
    expect(raised.body.data).toMatchObject({
      id: bob.id,
      permissionLevel: 'admin',
      tags: { region: '*' },
    });
    // Project B has no environment: no agent of A was even told to refresh.
    expect(events).toEqual([]);
    expect(await rowsOfA()).toEqual(before.rows);
    expect(await seenByA()).toEqual(before.seen);
    const inB = await models().ProjectMember.findOne({
      where: { projectId: projectB, userId: bob.id },
    });
    expect(inB).toMatchObject({ permissionLevel: 'admin', tags: { region: '*' } });
    // A lists Bob as A sees him, B as B does.
    const listedByA = await adminA.call('GET', `/api/admin/projects/${projectA}/members`);
    expect(listedByA.body.data.find((m: { id: number }) => m.id === bob.id)).toMatchObject({
      permissionLevel: 'user',
      tags: {},
    });
    const listedByB = await adminB.call('GET', `/api/admin/projects/${projectB}/members`);
    expect(listedByB.body.data.find((m: { id: number }) => m.id === bob.id)).toMatchObject({
      permissionLevel: 'admin',
      tags: { region: '*' },
    });
  });

  it("refuses B's Admin A's members, identity fields and A's teams, changing nothing", async () => {
    await joinB();
    const teamA = (await models().Team.findOne({ where: { projectId: projectA } }))!.id;
    const before = await seenByA();
    await expectNothingChanged(test.platform, async () => {
      // Through A's URL: B's Admin is nobody in A (404, its existence not revealed).
      const inA = await adminB.call('PATCH', `/api/admin/projects/${projectA}/members/${bob.id}`, {
        permissionLevel: 'admin',
      });
      expect(inA.status).toBe(404);
      // The account itself is shared by every project: no project's Admin writes it.
      for (const identity of [
        { firstName: 'Mallory' },
        { lastName: 'X' },
        { email: 'mallory+bob@example.com' },
        { passwordHash: 'x' },
      ]) {
        const changed = await adminB.call(
          'PATCH',
          `/api/admin/projects/${projectB}/members/${bob.id}`,
          identity,
        );
        expect(changed.status).toBe(400);
        expect(changed.body.errors[0].detail).toMatch(/^Unknown fields: /);
      }
      // A's team through B's URL.
      expect(
        (
          await adminB.call('POST', `/api/admin/projects/${projectB}/teams/${teamA}/members`, {
            userId: bob.id,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await adminB.call(
            'DELETE',
            `/api/admin/projects/${projectB}/teams/${teamA}/members/${bob.id}`,
          )
        ).status,
      ).toBe(404);
      expect(
        (await adminB.call('DELETE', `/api/admin/projects/${projectA}/members/${bob.id}`)).status,
      ).toBe(404);
    });
    expect(await seenByA()).toEqual(before);
  });

  it("A's Admin changes A's member, and that is what A's agents see", async () => {
    await joinB();
    const inBBefore = await models().ProjectMember.findOne({
      where: { projectId: projectB, userId: bob.id },
      raw: true,
    });
    const changed = await adminA.call(
      'PATCH',
      `/api/admin/projects/${projectA}/members/${bob.id}`,
      {
        permissionLevel: 'editor',
        tags: { region: 'EU' },
      },
    );

    expect(changed.status).toBe(200);
    expect(await seenByA()).toMatchObject({
      user: { permissionLevel: 'editor', tags: { region: 'EU' } },
      authorization: { permission_level: 'editor', tags: [{ key: 'region', value: 'EU' }] },
      claims: { permissionLevel: 'editor', tags: { region: 'EU' } },
    });
    // B's standing of Bob, and the account, are untouched.
    expect(
      await models().ProjectMember.findOne({
        where: { projectId: projectB, userId: bob.id },
        raw: true,
      }),
    ).toEqual(inBBefore);
    expect(await models().User.findByPk(bob.id)).toMatchObject({
      permissionLevel: 'user',
      tags: {},
    });
  });

  describe('an invitation for an existing account', () => {
    const accept = (token: string, client?: AdminClient) =>
      client
        ? client.call('POST', `/api/admin/invitations/${token}/accept`, {})
        : callAdmin(test.platform.url, 'POST', `/api/admin/invitations/${token}/accept`, {});
    const inviteBob = async () =>
      (
        await adminB.call('POST', `/api/admin/projects/${projectB}/invitations`, {
          email: 'Bob@Example.com',
          roleId: await roleId(projectB, 'Admin'),
        })
      ).body.data.token as string;

    it('is refused to the holder of the link alone (401) and to another account (403)', async () => {
      const token = await inviteBob();
      const before = await seenByA();
      await expectNothingChanged(test.platform, async () => {
        const anonymous = await accept(token);
        expect(anonymous.status).toBe(401);
        expect(anonymous.body.errors[0].detail).toMatch(/sign in as that account/);
        const byMallory = await accept(token, adminB);
        expect(byMallory.status).toBe(403);
        // A session without its CSRF token is no signed-in account.
        const bobSession = await loginAdmin(test.platform, bob.email, 'a long enough password');
        const noCsrf = await bobSession.call(
          'POST',
          `/api/admin/invitations/${token}/accept`,
          {},
          { csrf: null },
        );
        expect(noCsrf.status).toBe(401);
      });
      expect(
        await models().ProjectMember.count({ where: { projectId: projectB, userId: bob.id } }),
      ).toBe(0);
      expect(await seenByA()).toEqual(before);
    });

    it('is accepted by that account signed in, its level in B only', async () => {
      const token = await inviteBob();
      const before = await seenByA();
      const bobSession = await loginAdmin(test.platform, bob.email, 'a long enough password');
      const accepted = await accept(token, bobSession);

      expect(accepted.status).toBe(200);
      expect(accepted.body.data).toMatchObject({
        created: false,
        projectId: projectB,
        user: { id: bob.id, permissionLevel: 'admin', tags: {} },
      });
      expect(
        await models().ProjectMember.findOne({ where: { projectId: projectB, userId: bob.id } }),
      ).toMatchObject({ roleId: await roleId(projectB, 'Admin'), permissionLevel: 'admin' });
      expect(await seenByA()).toEqual(before);
      // Being an Admin of B is no platform-wide right: Bob still may not create projects.
      await expectNothingChanged(test.platform, async () => {
        expect(
          (await bobSession.call('POST', '/api/admin/projects', { name: 'Mine' })).status,
        ).toBe(403);
      });
    });
  });

  it('a new account invited as Admin gets no right to create projects', async () => {
    const invited = await adminB.call('POST', `/api/admin/projects/${projectB}/invitations`, {
      email: 'new@example.com',
      roleId: await roleId(projectB, 'Admin'),
    });
    const accepted = await callAdmin(
      test.platform.url,
      'POST',
      `/api/admin/invitations/${invited.body.data.token}/accept`,
      { firstName: 'New', lastName: 'Admin', password: 'a long enough password' },
    );
    expect(accepted.status).toBe(201);
    expect(accepted.body.data.user).toMatchObject({ permissionLevel: 'admin' });
    const newcomer = await loginAdmin(test.platform, 'new@example.com', 'a long enough password');
    await expectNothingChanged(test.platform, async () => {
      expect((await newcomer.call('POST', '/api/admin/projects', { name: 'Mine' })).status).toBe(
        403,
      );
    });
  });
});
