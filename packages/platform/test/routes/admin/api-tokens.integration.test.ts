import { hashApiToken, isWellFormedApiToken } from '@grove/public-api';

import { createPlatformPublicApiStore } from '../../../src';
import {
  addMember,
  expectNothingChanged,
  loginAdmin,
  loginBootstrapAdmin,
} from '../../helpers/admin-client';
import type { AdminClient } from '../../helpers/admin-client';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe.each(availableServers())('admin API tokens on $name', server => {
  let test: TestPlatform;
  let admin: AdminClient;
  let projectId: number;
  let path: string;

  beforeEach(async () => {
    test = await startTestPlatform(server);
    admin = await loginBootstrapAdmin(test.platform);
    projectId = test.platform.bootstrap!.project.id;
    path = `/api/admin/projects/${projectId}/api-tokens`;
  });

  afterEach(async () => {
    await test.stop();
  });

  const unchanged = (run: () => Promise<void>) => expectNothingChanged(test.platform, run);
  const valid = {
    name: 'SIEM export',
    level: 'read-only',
    scopes: ['activity_logs:read', 'admin_logs:read'],
    expiresAt: inDays(90),
  };

  it('creates a token shown once, lists it without secret, and revokes it', async () => {
    const created = await admin.call('POST', path, valid);
    expect(created.status).toBe(201);
    const { token, apiToken } = created.body;
    expect(isWellFormedApiToken(token)).toBe(true);
    expect(apiToken).toEqual({
      id: expect.any(Number),
      name: 'SIEM export',
      level: 'read-only',
      scopes: ['activity_logs:read', 'admin_logs:read'],
      displayHint: `${token.slice(0, 10)}…${token.slice(-4)}`,
      status: 'active',
      owner: { id: admin.userId, email: test.platform.bootstrap!.adminEmail },
      createdAt: expect.any(String),
      lastUsedAt: null,
      expiresAt: new Date(valid.expiresAt).toISOString(),
      revokedAt: null,
    });

    // Only the hash is stored, and the store finds the token by it.
    const { models } = test.platform.context.db;
    const row = await models.ApiToken.findByPk(apiToken.id);
    expect(row!.tokenHash).toBe(hashApiToken(token));
    expect(JSON.stringify(row!.get({ plain: true }))).not.toContain(token);
    const store = createPlatformPublicApiStore(test.platform.context);
    const found = await store.findToken(hashApiToken(token));
    expect(found!.owner).toMatchObject({ id: admin.userId, isProjectAdmin: true });

    const listed = await admin.call('GET', path);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([apiToken]);
    const text = JSON.stringify(listed.body);
    expect(text).not.toContain(token);
    expect(text).not.toContain(row!.tokenHash);

    // Admin log of the creation, without secrets.
    const createLog = await models.AdminLog.findOne({
      where: { resourceType: 'api-token', action: 'create' },
    });
    expect(createLog!.get({ plain: true })).toMatchObject({
      projectId,
      resourceId: String(apiToken.id),
      initiatorId: admin.userId,
      newValues: {
        name: 'SIEM export',
        level: 'read-only',
        scopes: ['activity_logs:read', 'admin_logs:read'],
        displayHint: apiToken.displayHint,
        ownerEmail: test.platform.bootstrap!.adminEmail,
        expiresAt: apiToken.expiresAt,
      },
    });
    expect(JSON.stringify(createLog)).not.toContain(row!.tokenHash);

    const revoked = await admin.call('DELETE', `${path}/${apiToken.id}`);
    expect(revoked.status).toBe(204);
    const after = await admin.call('GET', path);
    expect(after.body.data[0]).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect((await store.findToken(hashApiToken(token)))!.token.revokedAt).toEqual(expect.any(Date));
    expect(
      await models.AdminLog.count({ where: { resourceType: 'api-token', action: 'revoke' } }),
    ).toBe(1);

    // Revoking again is a no-op 204: no second log, the first revocation date kept.
    await unchanged(async () => {
      expect((await admin.call('DELETE', `${path}/${apiToken.id}`)).status).toBe(204);
    });

    // A revoked token's name may be used again.
    expect((await admin.call('POST', path, valid)).status).toBe(201);
  });

  it('creates tokens without expiry and refuses a second active token of the same name', async () => {
    const first = await admin.call('POST', path, {
      name: 'CI',
      level: 'read-write',
      scopes: ['all'],
    });
    expect(first.status).toBe(201);
    expect(first.body.apiToken).toMatchObject({ expiresAt: null, status: 'active' });
    await unchanged(async () => {
      const again = await admin.call('POST', path, {
        name: 'CI',
        level: 'read-only',
        scopes: ['notes:read'],
      });
      expect(again.status).toBe(409);
    });
    // An expired token no longer holds its name.
    await test.platform.context.db.models.ApiToken.update(
      { expiresAt: new Date(Date.now() - 1000) },
      { where: { id: first.body.apiToken.id } },
    );
    expect((await admin.call('GET', path)).body.data[0].status).toBe('expired');
    expect(
      (await admin.call('POST', path, { name: 'CI', level: 'read-only', scopes: ['all'] })).status,
    ).toBe(201);
  });

  it('answers 400 with the error body to every bad input, and writes nothing', async () => {
    const cases: [string, unknown][] = [
      ['no body', undefined],
      ['an array', []],
      ['no name', { ...valid, name: undefined }],
      ['an empty name', { ...valid, name: '' }],
      ['a blank name', { ...valid, name: '   ' }],
      ['a name too long', { ...valid, name: 'x'.repeat(256) }],
      ['a name with control characters', { ...valid, name: 'a\nb' }],
      ['a name that is not text', { ...valid, name: 42 }],
      ['an unknown level', { ...valid, level: 'admin' }],
      ['no level', { ...valid, level: undefined }],
      ['no scopes', { ...valid, scopes: undefined }],
      ['empty scopes', { ...valid, scopes: [] }],
      ['scopes that are not a list', { ...valid, scopes: 'all' }],
      ['an unknown scope', { ...valid, scopes: ['notes:read', 'users:write'] }],
      ['a duplicate scope', { ...valid, scopes: ['notes:read', 'notes:read'] }],
      ['a scope that is not text', { ...valid, scopes: [{}] }],
      ['an expiry in the past', { ...valid, expiresAt: inDays(-1) }],
      ['an expiry over two years ahead', { ...valid, expiresAt: inDays(2 * 366 + 1) }],
      ['an expiry that is not a date', { ...valid, expiresAt: 'tomorrow' }],
      ['an impossible date', { ...valid, expiresAt: '2027-02-31T00:00:00Z' }],
      ['an expiry as a number', { ...valid, expiresAt: Date.now() + 86_400_000 }],
      ['an unknown field', { ...valid, tokenHash: '0'.repeat(64) }],
      ['a chosen owner', { ...valid, userId: 1 }],
    ];
    await unchanged(async () => {
      const answers: [string, number, string][] = [];
      for (const [name, body] of cases) {
        const response = await admin.call('POST', path, body);
        answers.push([name, response.status, response.body?.errors?.[0]?.code]);
      }
      expect(answers).toEqual(cases.map(([name]) => [name, 400, 'ValidationError']));
    });
  });

  it('refuses non-Admin members, other projects, missing CSRF and sessions', async () => {
    const created = await admin.call('POST', path, valid);
    const tokenId = created.body.apiToken.id;
    await addMember(test.platform, projectId, 'Editor', 'editor@example.com');
    const editor = await loginAdmin(test.platform, 'editor@example.com', 'a long enough password');
    await unchanged(async () => {
      expect((await editor.call('GET', path)).status).toBe(403);
      expect((await editor.call('POST', path, valid)).status).toBe(403);
      expect((await editor.call('DELETE', `${path}/${tokenId}`)).status).toBe(403);
      expect((await admin.call('POST', path, valid, { csrf: null })).status).toBe(403);
      expect(
        (await admin.call('DELETE', `${path}/${tokenId}`, undefined, { csrf: 'x' })).status,
      ).toBe(403);
    });

    // A token of another project is not found through this one.
    const other = await admin.call('POST', '/api/admin/projects', { name: 'Other project' });
    expect(other.status).toBe(201);
    const otherPath = `/api/admin/projects/${other.body.data.id}/api-tokens`;
    await unchanged(async () => {
      expect((await admin.call('DELETE', `${otherPath}/${tokenId}`)).status).toBe(404);
      expect((await admin.call('DELETE', `${path}/999999`)).status).toBe(404);
      expect((await admin.call('DELETE', `${path}/not-an-id`)).status).toBe(404);
    });
    expect((await admin.call('GET', otherPath)).body.data).toEqual([]);
  });
});
