import { Op } from 'sequelize';

import { createEnvironment, hashPassword } from '../../src';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import type { Discovery } from './helpers/oidc-flows';
import { codeFlowTokens, discover } from './helpers/oidc-flows';

describe.each(availableServers())('GET /liana/v2/renderings/:id/authorization on $name', server => {
  let test: TestPlatform;
  let discovery: Discovery;
  let envSecret: string;
  let renderingId: number;
  let accessToken: string;
  let admin: { id: number; email: string; password: string };

  beforeAll(async () => {
    test = await startTestPlatform(server, { bootstrap: { agentUrl: 'http://agent.test:3351' } });
    const bootstrap = test.platform.bootstrap!;
    const { models } = test.platform.context.db;
    envSecret = bootstrap.envSecret;
    const user = await models.User.findOne({ where: { email: bootstrap.adminEmail } });
    await user!.update({ tags: { region: 'EU' } });
    admin = { id: user!.id, email: bootstrap.adminEmail, password: bootstrap.adminPassword };
    const second = await models.Team.create({
      projectId: bootstrap.project.id,
      name: 'Accounting',
    });
    await models.TeamMember.create({ teamId: second.id, userId: admin.id });
    renderingId = (await models.Rendering.findOne({
      where: { environmentId: bootstrap.environment.id, teamId: { [Op.ne]: second.id } },
    }))!.id;
    discovery = await discover(test.platform.url);
    ({ accessToken } = await codeFlowTokens(discovery, envSecret, admin));
  });
  afterAll(() => test.stop());

  const userInfo = async (id: number | string, headers: Record<string, string>) => {
    const response = await fetch(`${test.platform.url}/liana/v2/renderings/${id}/authorization`, {
      headers,
    });

    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers who the token speaks for, the rendering team first', async () => {
    expect(
      await userInfo(renderingId, { 'forest-secret-key': envSecret, 'forest-token': accessToken }),
    ).toEqual({
      status: 200,
      body: {
        data: {
          id: String(admin.id),
          type: 'users',
          attributes: {
            email: 'admin@grove.local',
            first_name: 'Admin',
            last_name: 'Grove',
            teams: ['Operations', 'Accounting'],
            role: 'Admin',
            permission_level: 'admin',
            tags: [{ key: 'region', value: 'EU' }],
          },
        },
      },
    });
  });

  it.each([
    ['no env secret', () => ({ 'forest-token': accessToken }), 401],
    [
      'a wrong env secret',
      () => ({ 'forest-secret-key': 'f'.repeat(64), 'forest-token': accessToken }),
      401,
    ],
    ['no user token', () => ({ 'forest-secret-key': envSecret }), 401],
    [
      'an unknown user token',
      () => ({ 'forest-secret-key': envSecret, 'forest-token': 'x'.repeat(43) }),
      401,
    ],
    [
      'the id token instead',
      () => ({ 'forest-secret-key': envSecret, 'forest-token': 'a.b.c' }),
      401,
    ],
  ])('refuses %s', async (_case, headers, status) => {
    const answer = await userInfo(renderingId, headers());

    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({
      errors: [expect.objectContaining({ status, code: 'UnauthorizedError' })],
    });
  });

  it('refuses a malformed rendering id', async () => {
    const answer = await userInfo('1%20OR%201', {
      'forest-secret-key': envSecret,
      'forest-token': accessToken,
    });

    expect(answer.status).toBe(400);
  });

  it('answers 403 for a user outside the rendering team', async () => {
    const { models } = test.platform.context.db;
    const project = test.platform.bootstrap!.project;
    const password = 'the outsider password';
    const outsider = await models.User.create({
      email: 'outsider@grove.local',
      firstName: 'Out',
      lastName: 'Sider',
      passwordHash: await hashPassword(password),
      permissionLevel: 'user',
    });
    const role = await models.Role.findOne({ where: { projectId: project.id, name: 'Editor' } });
    await models.ProjectMember.create({
      projectId: project.id,
      userId: outsider.id,
      roleId: role!.id,
    });
    const tokens = await codeFlowTokens(discovery, envSecret, { email: outsider.email, password });

    const answer = await userInfo(renderingId, {
      'forest-secret-key': envSecret,
      'forest-token': tokens.accessToken,
    });

    expect(answer).toEqual({
      status: 403,
      body: { errors: [expect.objectContaining({ status: 403, code: 'ForbiddenError' })] },
    });
  });

  it("answers 403 for another environment's rendering, and for a token of another environment's agent", async () => {
    const { db } = test.platform.context;
    const other = await createEnvironment(db, null, {
      projectId: test.platform.bootstrap!.project.id,
      name: 'Staging',
      agentUrl: 'http://staging.test:3351',
    });
    const otherRendering = await db.models.Rendering.findOne({
      where: { environmentId: other.environment.id },
    });

    const foreignRendering = await userInfo(otherRendering!.id, {
      'forest-secret-key': envSecret,
      'forest-token': accessToken,
    });
    const foreignToken = await userInfo(otherRendering!.id, {
      'forest-secret-key': other.envSecret,
      'forest-token': accessToken,
    });

    expect([foreignRendering.status, foreignToken.status]).toEqual([403, 403]);
    expect(JSON.stringify(foreignToken.body)).toContain('issued for another environment');
  });
});
