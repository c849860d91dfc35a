import { LOGIN_LIMITS } from '../../../src/auth/login-rate-limiter';
import { callAdmin, loginBootstrapAdmin, snapshotDatabase } from '../../helpers/admin-client';
import type { AdminClient } from '../../helpers/admin-client';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

const PATH = '/api/admin/session/password';
const NEW_PASSWORD = 'a brand new passphrase';

describe.each(availableServers())('POST /api/admin/session/password on $name', server => {
  let test: TestPlatform;
  let admin: AdminClient;
  let password: string;

  beforeEach(async () => {
    test = await startTestPlatform(server);
    admin = await loginBootstrapAdmin(test.platform);
    password = test.platform.bootstrap!.adminPassword;
  });

  afterEach(async () => {
    await test.stop();
  });

  const login = (secret: string) =>
    callAdmin(test.platform.url, 'POST', '/api/admin/session', {
      email: 'admin@grove.local',
      password: secret,
    });

  it('answers 401 without a session', async () => {
    const response = await callAdmin(test.platform.url, 'POST', PATH, {
      currentPassword: password,
      newPassword: NEW_PASSWORD,
    });

    expect(response.status).toBe(401);
    expect(response.body.errors[0].code).toBe('UnauthorizedError');
  });

  it('answers 403 without the CSRF header, and changes nothing', async () => {
    const before = await snapshotDatabase(test.platform.context.db);
    const response = await admin.call(
      'POST',
      PATH,
      { currentPassword: password, newPassword: NEW_PASSWORD },
      { csrf: null },
    );

    expect(response.status).toBe(403);
    expect(response.body.errors[0].code).toBe('ForbiddenError');
    expect(await snapshotDatabase(test.platform.context.db)).toEqual(before);
  });

  it('refuses a wrong current password (400 on currentPassword) and changes nothing', async () => {
    const before = await snapshotDatabase(test.platform.context.db);
    const response = await admin.call('POST', PATH, {
      currentPassword: 'not the password at all',
      newPassword: NEW_PASSWORD,
    });

    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toEqual({
      status: 400,
      code: 'ValidationError',
      detail: 'currentPassword is wrong',
    });
    expect(await snapshotDatabase(test.platform.context.db)).toEqual(before);
    expect((await login(password)).status).toBe(200);
  });

  it('counts wrong current passwords as failed logins: 429 after too many', async () => {
    for (let attempt = 0; attempt < LOGIN_LIMITS.perEmailAndIp; attempt += 1) {
      const wrong = await admin.call('POST', PATH, {
        currentPassword: `wrong password ${attempt}`,
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.status).toBe(400);
    }
    const limited = await admin.call('POST', PATH, {
      currentPassword: password,
      newPassword: NEW_PASSWORD,
    });

    expect(limited.status).toBe(429);
    expect(limited.body.errors[0].code).toBe('TooManyRequestsError');
    expect((await login(password)).status).toBe(429);
  });

  it.each([
    ['short', 'newPassword must have at least 12 characters'],
    [undefined, 'newPassword is a text'],
  ])('refuses the new password %j (400 on newPassword)', async (newPassword, detail) => {
    const before = await snapshotDatabase(test.platform.context.db);
    const response = await admin.call('POST', PATH, { currentPassword: password, newPassword });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toBe(detail);
    expect(await snapshotDatabase(test.platform.context.db)).toEqual(before);
  });

  it('refuses the current password as the new one', async () => {
    const response = await admin.call('POST', PATH, {
      currentPassword: password,
      newPassword: password,
    });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toBe(
      'newPassword must differ from the current password',
    );
  });

  it('refuses unknown fields', async () => {
    const response = await admin.call('POST', PATH, {
      currentPassword: password,
      newPassword: NEW_PASSWORD,
      email: 'other@grove.local',
    });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toBe('Unknown fields: email');
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const other = await loginBootstrapAdmin(test.platform);
    const response = await admin.call('POST', PATH, {
      currentPassword: password,
      newPassword: NEW_PASSWORD,
    });

    expect(response.status).toBe(204);
    expect((await admin.call('GET', '/api/admin/session')).status).toBe(200);
    expect((await other.call('GET', '/api/admin/session')).status).toBe(401);
    expect((await login(password)).status).toBe(401);
    expect((await login(NEW_PASSWORD)).status).toBe(200);
  });
});

describe.each(availableServers())('a one-time password on $name', server => {
  let test: TestPlatform;

  beforeEach(async () => {
    test = await startTestPlatform(server, { bootstrap: { mustChangePassword: true } });
  });

  afterEach(async () => {
    await test.stop();
  });

  it('holds the user to changing it: 403 everywhere else until they do', async () => {
    const admin = await loginBootstrapAdmin(test.platform);
    const projectId = test.platform.bootstrap!.project.id;
    const session = await admin.call('GET', '/api/admin/session');
    expect(session.status).toBe(200);
    expect(session.body.data.user.mustChangePassword).toBe(true);

    const before = await snapshotDatabase(test.platform.context.db);
    for (const [method, path, body] of [
      ['GET', '/api/admin/projects', undefined],
      ['POST', '/api/admin/projects', { name: 'Other' }],
      ['GET', `/api/admin/projects/${projectId}`, undefined],
      ['GET', `/api/admin/projects/${projectId}/environments`, undefined],
      ['POST', `/api/admin/projects/${projectId}/teams`, { name: 'Support' }],
    ] as const) {
      const refused = await admin.call(method, path, body);
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0]).toEqual({
        status: 403,
        code: 'ForbiddenError',
        detail: 'Change your one-time password first',
      });
    }
    expect(await snapshotDatabase(test.platform.context.db)).toEqual(before);

    const changed = await admin.call('POST', PATH, {
      currentPassword: test.platform.bootstrap!.adminPassword,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(204);
    const after = await admin.call('GET', '/api/admin/session');
    expect(after.body.data.user.mustChangePassword).toBe(false);
    expect((await admin.call('GET', `/api/admin/projects/${projectId}`)).status).toBe(200);
  });

  it('says so at login, and lets the user log out', async () => {
    const login = await callAdmin(test.platform.url, 'POST', '/api/admin/session', {
      email: 'admin@grove.local',
      password: test.platform.bootstrap!.adminPassword,
    });
    expect(login.body.data.user.mustChangePassword).toBe(true);

    const admin = await loginBootstrapAdmin(test.platform);
    expect((await admin.call('DELETE', '/api/admin/session')).status).toBe(204);
  });
});
