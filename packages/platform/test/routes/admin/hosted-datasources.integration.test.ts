import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { addMember, callAdmin, loginAdmin, loginBootstrapAdmin } from '../../helpers/admin-client';
import type { AdminClient } from '../../helpers/admin-client';
import { createShopDatabase } from '../../helpers/agents-under-test';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

describe.each(availableServers())('hosted data sources (admin API) on $name', server => {
  let test: TestPlatform;
  let admin: AdminClient;
  let path: string;
  const shop = join(tmpdir(), `grove-hosted-shop-${randomBytes(6).toString('hex')}.sqlite`);
  const uri = `sqlite:${shop}`;

  beforeAll(async () => {
    await createShopDatabase(shop);
    test = await startTestPlatform(server);
    admin = await loginBootstrapAdmin(test.platform);
    const { project, environment } = test.platform.bootstrap!;
    path = `/api/admin/projects/${project.id}/environments/${environment.id}/hosted-datasources`;
  });
  afterAll(async () => {
    await test.stop();
    await rm(shop, { force: true });
  });

  it('introspects, stores the URI encrypted, marks the environment hosted; never answers the URI', async () => {
    const created = await admin.call('POST', path, {
      name: 'shop',
      connectionUri: uri,
      datasourceSuffix: '_shop',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      data: {
        id: expect.any(Number),
        name: 'shop',
        datasourceSuffix: '_shop',
        dialect: 'sqlite',
        createdAt: expect.any(String),
      },
    });
    const { models } = test.platform.context.db;
    const row = await models.HostedDatasource.findByPk(created.body.data.id);
    expect(row!.connectionCiphertext).not.toContain(shop);
    expect(row!.introspection).toMatchObject({
      tables: expect.arrayContaining([expect.objectContaining({ name: 'orders' })]),
    });
    const environment = await models.Environment.findByPk(test.platform.bootstrap!.environment.id);
    expect(environment!.hosted).toBe(true);

    const listed = await admin.call('GET', path);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([created.body.data]);
    expect(JSON.stringify(listed.body)).not.toContain(shop);
    const logs = await models.AdminLog.findAll({ where: { resourceType: 'hosted-datasource' } });
    expect(JSON.stringify(logs.map(log => log.get({ plain: true })))).not.toContain(shop);

    expect((await admin.call('POST', path, { name: 'shop', connectionUri: uri })).status).toBe(409);
    const removed = await admin.call('DELETE', `${path}/${created.body.data.id}`);
    expect(removed.status).toBe(204);
    expect((await admin.call('GET', path)).body.data).toEqual([]);
    expect((await admin.call('DELETE', `${path}/${created.body.data.id}`)).status).toBe(404);
  });

  it('answers 400 with the reason when the database cannot be read, without its password', async () => {
    const refused = await admin.call('POST', path, {
      name: 'down',
      connectionUri: 'postgres://app:s3cr3t-pw@127.0.0.1:1/shop',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].detail).toMatch(/^connectionUri: the database could not be read/);
    expect(refused.body.errors[0].detail).not.toContain('s3cr3t-pw');
    expect(await test.platform.context.db.models.HostedDatasource.count()).toBe(0);
  });

  it('checks the fields (the message starts with the field name)', async () => {
    const bad = async (body: unknown) =>
      (await admin.call('POST', path, body)).body.errors[0].detail;
    expect(await bad({ name: '', connectionUri: uri })).toMatch(/^name /);
    expect(await bad({ name: 'x', connectionUri: 'http://example.com' })).toMatch(
      /^connectionUri /,
    );
    expect(await bad({ name: 'x', connectionUri: uri, datasourceSuffix: 'a b' })).toMatch(
      /^datasourceSuffix /,
    );
  });

  it('is for the Admins of the project: 401 without a session, 403 for a Developer, 404 elsewhere', async () => {
    expect((await callAdmin(test.platform.url, 'GET', path)).status).toBe(401);
    const { project } = test.platform.bootstrap!;
    await addMember(test.platform, project.id, 'Developer', 'dev-admin-api@grove.test');
    const developer = await loginAdmin(
      test.platform,
      'dev-admin-api@grove.test',
      'a long enough password',
    );
    expect((await developer.call('GET', path)).status).toBe(403);
    const other = await admin.call('POST', '/api/admin/projects', { name: 'Other' });
    const otherPath = `/api/admin/projects/${other.body.data.id}/environments/${test.platform.bootstrap!.environment.id}/hosted-datasources`;
    expect((await admin.call('GET', otherPath)).status).toBe(404);
    expect((await admin.call('POST', otherPath, { name: 'x', connectionUri: uri })).status).toBe(
      404,
    );
  });
});
