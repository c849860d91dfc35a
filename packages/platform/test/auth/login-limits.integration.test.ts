import { LOGIN_LIMITS } from '../../src/auth/login-rate-limiter';
import { callAdmin, loginAdmin, snapshotDatabase } from '../helpers/admin-client';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import { authorizationUrl, discover, register } from '../oidc/helpers/oidc-flows';
import { TestBrowser } from '../oidc/helpers/test-browser';
import type { BrowserResponse } from '../oidc/helpers/test-browser';

const PARALLEL = 24;

// Counters in the process's memory, and in Redis when the suite has one: the same limit holds
// under parallel guesses in both (docs/decisions.md#d29-login-attempts-counted-first).
const counters: ReadonlyArray<{ name: string; redisUrl?: string }> = [
  { name: 'memory' },
  ...(process.env.REDIS_URL ? [{ name: 'Redis', redisUrl: process.env.REDIS_URL }] : []),
];

function tally(statuses: readonly number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;

  return counts;
}

/** Opens the OpenID sign-in page of a code flow as the bootstrap environment's agent. */
async function openLoginPage(
  test: TestPlatform,
): Promise<{ browser: TestBrowser; page: BrowserResponse }> {
  const discovery = await discover(test.platform.url);
  const { body: client } = await register(
    discovery,
    { token_endpoint_auth_method: 'none' },
    test.platform.bootstrap!.envSecret,
  );
  const browser = new TestBrowser();
  const url = authorizationUrl(discovery, { clientId: client.client_id! });
  const redirect = client.redirect_uris![0]!;
  const page = await browser.follow(url, {}, location => location.startsWith(redirect));

  return { browser, page };
}

describe.each(counters)('login limits under concurrency, counters in $name', ({ redisUrl }) => {
  let test: TestPlatform;

  beforeEach(async () => {
    test = await startTestPlatform({ name: 'SQLite', url: 'sqlite' }, { redisUrl });
  });
  afterEach(() => test.stop());

  it(`holds on the console: ${PARALLEL} parallel wrong passwords for one email`, async () => {
    const { url, bootstrap } = test.platform;
    const before = await snapshotDatabase(test.platform.context.db);
    const statuses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        callAdmin(url, 'POST', '/api/admin/session', {
          email: 'admin@grove.local',
          password: `wrong password ${i}`,
        }).then(response => response.status),
      ),
    );

    expect(tally(statuses)).toEqual({
      401: LOGIN_LIMITS.perEmailAndIp,
      429: PARALLEL - LOGIN_LIMITS.perEmailAndIp,
    });
    const right = await callAdmin(url, 'POST', '/api/admin/session', {
      email: 'admin@grove.local',
      password: bootstrap!.adminPassword,
    });
    expect(right.status).toBe(429);
    expect(await test.platform.context.db.models.UserSession.count()).toBe(0);
    expect(await snapshotDatabase(test.platform.context.db)).toEqual(before);

    // Another account from the same address is not locked out.
    const { models } = test.platform.context.db;
    const other = await models.User.findOne({ where: { email: 'admin@grove.local' } });
    await models.User.create({
      email: 'other@grove.test',
      firstName: 'Other',
      lastName: 'User',
      passwordHash: other!.passwordHash,
      permissionLevel: 'user',
    });
    const otherSession = await loginAdmin(
      test.platform,
      'other@grove.test',
      bootstrap!.adminPassword,
    );
    expect(otherSession.userId).toBe(
      (await models.User.findOne({ where: { email: 'other@grove.test' } }))!.id,
    );
  });

  it(`holds on the OpenID sign-in page: ${PARALLEL} parallel wrong passwords`, async () => {
    const pages = await Promise.all(Array.from({ length: PARALLEL }, () => openLoginPage(test)));
    const statuses = await Promise.all(
      pages.map(({ browser, page }, i) =>
        browser
          .submit(page, { email: 'admin@grove.local', password: `wrong password ${i}` })
          .then(response => response.status),
      ),
    );

    expect(tally(statuses)).toEqual({
      401: LOGIN_LIMITS.perEmailAndIp,
      429: PARALLEL - LOGIN_LIMITS.perEmailAndIp,
    });
    const { browser, page } = await openLoginPage(test);
    const right = await browser.submit(page, {
      email: 'admin@grove.local',
      password: test.platform.bootstrap!.adminPassword,
    });
    expect(right.status).toBe(429);
  });
});

describe('the bootstrap one-time password on the OpenID sign-in page', () => {
  let test: TestPlatform;

  beforeEach(async () => {
    test = await startTestPlatform(
      { name: 'SQLite', url: 'sqlite' },
      { bootstrap: { mustChangePassword: true } },
    );
  });
  afterEach(() => test.stop());

  it('is refused (403, sent to the console) until changed, then signs in', async () => {
    const { bootstrap, context } = test.platform;
    const oneTime = bootstrap!.adminPassword;
    const grants = () =>
      context.db.models.OidcPayload.count({
        where: { model: ['Session', 'Grant', 'AuthorizationCode'] },
      });
    const before = await grants();

    const { browser, page } = await openLoginPage(test);
    const refused = await browser.submit(page, { email: 'admin@grove.local', password: oneTime });

    expect(refused.status).toBe(403);
    expect(refused.body).toContain('console');
    expect(await grants()).toEqual(before);

    const admin = await loginAdmin(test.platform, 'admin@grove.local', oneTime);
    const NEW_PASSWORD = 'a brand new password, long enough';
    const changed = await admin.call('POST', '/api/admin/session/password', {
      currentPassword: oneTime,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(204);
    const again = await openLoginPage(test);
    const signedIn = await again.browser.submit(again.page, {
      email: 'admin@grove.local',
      password: NEW_PASSWORD,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toContain('Allow access?');
  });
});
