import { LOGIN_LIMITS } from '../../../src/auth/login-rate-limiter';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';
import {
  callAdmin,
  loginBootstrapAdmin,
  recordEvents,
  snapshotDatabase,
} from '../../helpers/admin-client';

describe.each(availableServers())('admin sessions on $name', server => {
  let test: TestPlatform;

  beforeEach(async () => {
    test = await startTestPlatform(server);
  });

  afterEach(async () => {
    await test.stop();
  });

  it('logs in with an HttpOnly SameSite=Lax cookie, tells who is logged in, and logs out', async () => {
    const { platform } = test;
    const login = await callAdmin(platform.url, 'POST', '/api/admin/session', {
      email: 'ADMIN@grove.local',
      password: platform.bootstrap!.adminPassword,
    });

    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^grove_admin_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/api/admin');
    expect(cookie).not.toContain('Secure');
    expect(login.body.data.user).toEqual({
      id: expect.any(Number),
      email: 'admin@grove.local',
      firstName: 'Admin',
      lastName: 'Grove',
      permissionLevel: 'admin',
      tags: {},
      mustChangePassword: false,
    });
    // Only the token's hash is stored.
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const rows = await platform.context.db.models.UserSession.findAll({ raw: true });
    expect(JSON.stringify(rows)).not.toContain(token);

    const headers = { cookie: cookie.split(';')[0]! };
    const me = await callAdmin(platform.url, 'GET', '/api/admin/session', undefined, headers);
    expect(me.status).toBe(200);
    expect(me.body.data.csrfToken).toBe(login.body.data.csrfToken);

    const logout = await callAdmin(platform.url, 'DELETE', '/api/admin/session', undefined, {
      ...headers,
      'x-csrf-token': login.body.data.csrfToken,
    });
    expect(logout.status).toBe(204);
    expect(
      (await callAdmin(platform.url, 'GET', '/api/admin/session', undefined, headers)).status,
    ).toBe(401);
  });

  it('answers the same 401 to a wrong password and to an unknown email', async () => {
    const { url } = test.platform;
    const wrongPassword = await callAdmin(url, 'POST', '/api/admin/session', {
      email: 'admin@grove.local',
      password: 'not the password at all',
    });
    const unknownEmail = await callAdmin(url, 'POST', '/api/admin/session', {
      email: 'nobody@grove.local',
      password: 'not the password at all',
    });

    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.headers.get('set-cookie')).toBeNull();
    expect(await test.platform.context.db.models.UserSession.count()).toBe(0);
  });

  it('refuses logins with 429 after repeated failures, even with the right password', async () => {
    const { url, bootstrap } = test.platform;
    for (let i = 0; i < LOGIN_LIMITS.perEmailAndIp; i += 1) {
      const failed = await callAdmin(url, 'POST', '/api/admin/session', {
        email: 'admin@grove.local',
        password: `wrong password ${i}`,
      });
      expect(failed.status).toBe(401);
    }
    const limited = await callAdmin(url, 'POST', '/api/admin/session', {
      email: 'admin@grove.local',
      password: bootstrap!.adminPassword,
    });

    expect(limited.status).toBe(429);
    expect(limited.body.errors[0].code).toBe('TooManyRequestsError');
    expect(await test.platform.context.db.models.UserSession.count()).toBe(0);
  });

  it('answers 401 once the session expired', async () => {
    const admin = await loginBootstrapAdmin(test.platform);
    await test.platform.context.db.models.UserSession.update(
      { expiresAt: new Date(Date.now() - 1000) },
      { where: {} },
    );

    const response = await admin.call('GET', '/api/admin/projects');
    expect(response.status).toBe(401);
    expect(response.body.errors[0].code).toBe('UnauthorizedError');
    expect(await test.platform.context.db.models.UserSession.count()).toBe(0);
  });

  it('answers 401 without a cookie, and with a forged one', async () => {
    const { url } = test.platform;
    expect((await callAdmin(url, 'GET', '/api/admin/projects')).status).toBe(401);
    const forged = await callAdmin(url, 'GET', '/api/admin/projects', undefined, {
      cookie: `grove_admin_session=${'a'.repeat(43)}`,
    });
    expect(forged.status).toBe(401);
  });

  it('refuses a change without the CSRF header, or with a wrong one (403), and changes nothing', async () => {
    const admin = await loginBootstrapAdmin(test.platform);
    const projectId = test.platform.bootstrap!.project.id;
    const before = await snapshotDatabase(test.platform.context.db);
    const { events, stop } = recordEvents(test.platform);

    for (const csrf of [null, '', 'x'.repeat(43), admin.csrfToken.slice(1)]) {
      const response = await admin.call(
        'POST',
        `/api/admin/projects/${projectId}/teams`,
        { name: 'Support' },
        { csrf },
      );
      expect(response.status).toBe(403);
      expect(response.body.errors[0].code).toBe('ForbiddenError');
    }
    const logout = await admin.call('DELETE', '/api/admin/session', undefined, { csrf: null });
    expect(logout.status).toBe(403);
    stop();

    expect(await snapshotDatabase(test.platform.context.db)).toEqual(before);
    expect(events).toEqual([]);
    expect((await admin.call('GET', '/api/admin/session')).status).toBe(200);
  });

  it('accepts only JSON bodies', async () => {
    const admin = await loginBootstrapAdmin(test.platform);
    const projectId = test.platform.bootstrap!.project.id;
    const before = await snapshotDatabase(test.platform.context.db);

    const form = await admin.call('POST', `/api/admin/projects/${projectId}/teams`, undefined, {
      contentType: 'application/x-www-form-urlencoded',
      rawBody: 'name=Support',
    });
    const text = await admin.call('POST', `/api/admin/projects/${projectId}/teams`, undefined, {
      contentType: 'text/plain',
      rawBody: '{"name":"Support"}',
    });
    const login = await callAdmin(
      test.platform.url,
      'POST',
      '/api/admin/session',
      undefined,
      {
        'content-type': 'text/plain',
      },
      '{"email":"admin@grove.local","password":"x"}',
    );

    expect([form.status, text.status, login.status]).toEqual([400, 400, 400]);
    expect(await snapshotDatabase(test.platform.context.db)).toEqual(before);
  });
});

describe('admin sessions behind https', () => {
  it('sets a Secure cookie when the public URL is https', async () => {
    const test = await startTestPlatform(
      { name: 'SQLite', url: 'sqlite' },
      {
        publicUrl: 'https://platform.example.com',
      },
    );
    try {
      const login = await callAdmin(
        `http://localhost:${test.platform.port}`,
        'POST',
        '/api/admin/session',
        {
          email: 'admin@grove.local',
          password: test.platform.bootstrap!.adminPassword,
        },
      );
      expect(login.status).toBe(200);
      expect(login.headers.get('set-cookie')).toContain('Secure');
    } finally {
      await test.stop();
    }
  });
});
