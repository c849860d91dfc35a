import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';
import {
  addMember,
  loginAdmin,
  callAdmin,
  expectNothingChanged,
  loginBootstrapAdmin,
  recordEvents,
} from '../../helpers/admin-client';
import type { AdminClient } from '../../helpers/admin-client';

describe.each(availableServers())('admin projects and environments on $name', server => {
  let test: TestPlatform;
  let admin: AdminClient;
  let projectId: number;

  beforeEach(async () => {
    test = await startTestPlatform(server);
    admin = await loginBootstrapAdmin(test.platform);
    projectId = test.platform.bootstrap!.project.id;
  });

  afterEach(async () => {
    await test.stop();
  });

  const unchanged = (run: () => Promise<void>) => expectNothingChanged(test.platform, run);

  it('lists, creates, renames and deletes projects, with their admin logs', async () => {
    const listed = await admin.call('GET', '/api/admin/projects');
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id: projectId,
        name: 'My project',
        isAdmin: true,
        role: expect.objectContaining({ name: 'Admin' }),
      }),
    ]);

    const created = await admin.call('POST', '/api/admin/projects', { name: 'Shop' });
    expect(created.status).toBe(201);
    const shopId = created.body.data.id;
    expect(
      (await admin.call('GET', '/api/admin/projects')).body.data.map(
        (p: { name: string }) => p.name,
      ),
    ).toEqual(['My project', 'Shop']);

    const renamed = await admin.call('PATCH', `/api/admin/projects/${shopId}`, { name: 'Store' });
    expect(renamed.body.data.name).toBe('Store');
    const logs = await admin.call('GET', `/api/admin/projects/${shopId}/admin-logs`);
    expect(logs.body.data[0]).toMatchObject({
      resourceType: 'project',
      action: 'update',
      previousValues: { name: 'Shop' },
      newValues: { name: 'Store' },
      initiator: { id: admin.userId, email: 'admin@grove.local' },
    });

    expect((await admin.call('DELETE', `/api/admin/projects/${shopId}`)).status).toBe(204);
    const { models } = test.platform.context.db;
    expect(await models.Project.findByPk(shopId)).toBeNull();
    expect(
      await models.AdminLog.count({
        where: { resourceType: 'project', resourceId: String(shopId), action: 'delete' },
      }),
    ).toBe(1);
  });

  it('answers 404 for an unknown project and a project of which the user is not a member', async () => {
    const other = await test.platform.context.db.models.Project.create({ name: 'Not mine' });
    await unchanged(async () => {
      for (const id of [other.id, 999_999, 'abc']) {
        const response = await admin.call('PATCH', `/api/admin/projects/${id}`, {
          name: 'Taken over',
        });
        expect(response.status).toBe(404);
        expect((await admin.call('GET', `/api/admin/projects/${id}/environments`)).status).toBe(
          404,
        );
      }
    });
  });

  it('answers 413 to oversized bodies (login and changes) and changes nothing', async () => {
    const huge = 'x'.repeat(3 * 1024 * 1024);
    await unchanged(async () => {
      const renamed = await admin.call('PATCH', `/api/admin/projects/${projectId}`, { name: huge });
      expect(renamed.status).toBe(413);
    });
    const login = await callAdmin(test.platform.url, 'POST', '/api/admin/session', {
      email: test.platform.bootstrap!.adminEmail,
      password: 'y'.repeat(32 * 1024),
    });
    expect(login.status).toBe(413);
  });

  it('answers 409 to a duplicate project or environment name, and writes nothing', async () => {
    await unchanged(async () => {
      expect((await admin.call('POST', '/api/admin/projects', { name: 'My project' })).status).toBe(
        409,
      );
      const duplicate = await admin.call('POST', `/api/admin/projects/${projectId}/environments`, {
        name: 'Development',
      });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.errors[0].code).toBe('ConflictError');
    });
  });

  it('answers 403 to a member who is not an Admin, and changes nothing', async () => {
    await addMember(test.platform, projectId, 'Developer', 'dev@example.com');
    const developer = await loginAdmin(test.platform, 'dev@example.com', 'a long enough password');
    const environmentId = test.platform.bootstrap!.environment.id;

    await unchanged(async () => {
      for (const [method, path, body] of [
        ['GET', `/api/admin/projects/${projectId}/environments`],
        ['PATCH', `/api/admin/projects/${projectId}`, { name: 'Mine now' }],
        ['DELETE', `/api/admin/projects/${projectId}`],
        ['POST', `/api/admin/projects/${projectId}/environments/${environmentId}/secret`],
        ['POST', `/api/admin/projects/${projectId}/teams`, { name: 'Mine' }],
      ] as const) {
        const response = await developer.call(method, path, body);
        expect(response.status).toBe(403);
      }
      // Creating projects needs the admin permission level.
      expect(
        (await developer.call('POST', '/api/admin/projects', { name: 'Side project' })).status,
      ).toBe(403);
    });
    expect((await developer.call('GET', '/api/admin/projects')).body.data).toEqual([
      expect.objectContaining({ id: projectId, isAdmin: false }),
    ]);
  });

  it('creates an environment whose secret is shown once and works for its agent', async () => {
    const created = await admin.call('POST', `/api/admin/projects/${projectId}/environments`, {
      name: 'Production',
      agentUrl: 'https://api.example.com/',
      isProduction: true,
    });

    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Production',
      agentUrl: 'https://api.example.com',
      isProduction: true,
      ipWhitelist: { enabled: false, rules: [] },
    });
    const { secret, id } = created.body.data;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const listed = await admin.call('GET', `/api/admin/projects/${projectId}/environments`);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(JSON.stringify(listed.body)).not.toMatch(/secretHash/);
    const agent = await fetch(`${test.platform.url}/liana/environment`, {
      headers: { 'forest-secret-key': secret },
    });
    expect(agent.status).toBe(200);
    // A rendering for the project's team.
    expect(
      await test.platform.context.db.models.Rendering.count({ where: { environmentId: id } }),
    ).toBe(1);
  });

  it('regenerates a secret: the new one works, the old one stops, the log holds neither', async () => {
    const { envSecret, environment } = test.platform.bootstrap!;
    const regenerated = await admin.call(
      'POST',
      `/api/admin/projects/${projectId}/environments/${environment.id}/secret`,
    );

    expect(regenerated.status).toBe(200);
    const { secret } = regenerated.body.data;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).not.toBe(envSecret);
    const call = (key: string) =>
      fetch(`${test.platform.url}/liana/environment`, { headers: { 'forest-secret-key': key } });
    expect((await call(secret)).status).toBe(200);
    expect((await call(envSecret)).status).toBe(401);
    const logs = await test.platform.context.db.models.AdminLog.findAll({
      where: { action: 'regenerate-secret' },
      raw: true,
    });
    expect(logs).toHaveLength(1);
    expect(JSON.stringify(logs)).not.toContain(secret);
  });

  it('updates an environment, refreshing its roles when the production flag changes', async () => {
    const environmentId = test.platform.bootstrap!.environment.id;
    const { events, stop } = recordEvents(test.platform);
    const rules = [
      { type: 0, ip: '203.0.113.7' },
      { type: 1, ipMinimum: '10.0.0.1', ipMaximum: '10.0.0.50' },
      { type: 2, range: '192.168.0.0/24' },
      { type: 2, range: '2001:db8::/32' },
      { type: 1, ipMinimum: '::1', ipMaximum: '::ffff' },
    ];
    const updated = await admin.call(
      'PATCH',
      `/api/admin/projects/${projectId}/environments/${environmentId}`,
      {
        name: 'Staging',
        isProduction: true,
        ipWhitelist: { enabled: true, rules },
      },
    );
    stop();

    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'Staging',
      isProduction: true,
      ipWhitelist: { enabled: true, rules },
    });
    expect(events).toEqual([{ environmentId, name: 'refresh-roles', data: {} }]);
    const log = await test.platform.context.db.models.AdminLog.findOne({
      where: { resourceType: 'environment', action: 'update' },
    });
    expect(log!.previousValues).toEqual({
      name: 'Development',
      isProduction: false,
      ipWhitelistEnabled: false,
      ipWhitelistRules: [],
    });
  });

  it('refuses malformed IP rules (400) and changes nothing', async () => {
    const environmentId = test.platform.bootstrap!.environment.id;
    const path = `/api/admin/projects/${projectId}/environments/${environmentId}`;
    await unchanged(async () => {
      for (const rule of [
        { type: 0, ip: '999.1.1.1' },
        { type: 0, ip: '10.0.0.1', extra: true },
        { type: 1, ipMinimum: '10.0.0.50', ipMaximum: '10.0.0.1' },
        { type: 1, ipMinimum: '10.0.0.1', ipMaximum: '::1' },
        { type: 2, range: '192.168.0.0/33' },
        { type: 2, range: '192.168.0.0' },
        { type: 2, range: 'example.com/24' },
        { type: 3, ip: '10.0.0.1' },
        'not a rule',
      ]) {
        const response = await admin.call('PATCH', path, {
          ipWhitelist: { enabled: true, rules: [rule] },
        });
        expect(response.status).toBe(400);
      }
      expect((await admin.call('PATCH', path, { agentUrl: 'ftp://example.com' })).status).toBe(400);
      expect((await admin.call('PATCH', path, { isProduction: 'yes' })).status).toBe(400);
      expect((await admin.call('PATCH', path, { secretHash: 'f'.repeat(64) })).status).toBe(400);
    });
  });

  it('deletes an environment', async () => {
    const environmentId = test.platform.bootstrap!.environment.id;
    expect(
      (await admin.call('DELETE', `/api/admin/projects/${projectId}/environments/${environmentId}`))
        .status,
    ).toBe(204);
    expect(
      (await admin.call('GET', `/api/admin/projects/${projectId}/environments`)).body.data,
    ).toEqual([]);
    expect(
      await test.platform.context.db.models.AdminLog.count({
        where: { resourceType: 'environment', action: 'delete' },
      }),
    ).toBe(1);
  });

  it('does not reach an environment of another project through this one', async () => {
    const other = await admin.call('POST', '/api/admin/projects', { name: 'Other' });
    const otherEnvironment = await admin.call(
      'POST',
      `/api/admin/projects/${other.body.data.id}/environments`,
      { name: 'Prod' },
    );
    await unchanged(async () => {
      const path = `/api/admin/projects/${projectId}/environments/${otherEnvironment.body.data.id}`;
      expect((await admin.call('PATCH', path, { name: 'Hijacked' })).status).toBe(404);
      expect((await admin.call('POST', `${path}/secret`)).status).toBe(404);
      expect((await admin.call('DELETE', path)).status).toBe(404);
    });
  });
});
