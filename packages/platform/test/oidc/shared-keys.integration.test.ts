import { createPlatform, openPlatformDatabase, verifyUserAccessToken } from '../../src';
import { OIDC_SETTINGS, loadOidcKeys } from '../../src/oidc/oidc-keys';
import type { OidcKeys } from '../../src/oidc/oidc-keys';
import type { Platform } from '../../src';
import { availableServers } from '../helpers/test-databases';
import { createTestPlatformDatabase } from '../helpers/test-platform';
import type { TestPlatformDatabase } from '../helpers/test-platform';
import { authorizationUrl, codeFlowTokens, discover, register } from './helpers/oidc-flows';
import { TestBrowser, readForms } from './helpers/test-browser';

describe.each(availableServers())('two platform processes on one $name database', server => {
  let database: TestPlatformDatabase;
  let first: Platform;
  let second: Platform;
  let raced: OidcKeys[];

  beforeAll(async () => {
    database = await createTestPlatformDatabase(server);
    // Two connections to the fresh database race to create the keys: one insert wins, both read it.
    const one = await openPlatformDatabase(database.options);
    const two = await openPlatformDatabase(database.options);
    raced = await Promise.all([loadOidcKeys(one), loadOidcKeys(two)]);
    await Promise.all([one.close(), two.close()]);
    // Then two platform processes on the database (started one after the other: concurrent
    // starts are the migrations' and the bootstrap's subject).
    const start = (bootstrap: false | { agentUrl: string; mustChangePassword: false }) =>
      createPlatform({ port: 0, logger: () => undefined, database: database.options, bootstrap });
    // The admin keeps the generated password: a one-time password opens no OpenID sign-in
    // (docs/decisions.md#d30-one-time-passwords).
    first = await start({ agentUrl: 'http://agent.test:3351', mustChangePassword: false });
    second = await start(false);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database.drop();
  });

  it('sign with the same keys, set the same cookie keys and webhook key, stored once', async () => {
    const jwks = await Promise.all(
      [first, second].map(async platform => (await fetch(`${platform.url}/oidc/jwks`)).json()),
    );
    const settings = await first.context.db.models.PlatformSetting.findAll({
      order: [['key', 'ASC']],
    });

    expect(jwks[0]).toEqual(jwks[1]);
    expect(jwks[0]).toEqual({
      keys: [expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig' })],
    });
    expect(JSON.stringify(jwks[0])).not.toMatch(/"d":/);
    expect(settings.map(setting => setting.key)).toEqual([
      // The env secrets' key (no secretKey given), the provider's keys, the webhook URLs' key.
      'env-secret-encryption-key',
      OIDC_SETTINGS.cookieKeys,
      OIDC_SETTINGS.jwks,
      'workflows.webhook-key',
    ]);
    expect(Buffer.from(first.context.webhookKey)).toHaveLength(32);
    expect(Buffer.from(second.context.webhookKey)).toEqual(Buffer.from(first.context.webhookKey));
    expect(raced[0]).toEqual(raced[1]);
    expect(await loadOidcKeys(second.context.db)).toEqual(raced[0]);
  });

  it("carry on one login across both processes, and accept each other's tokens", async () => {
    const bootstrap = first.bootstrap!;
    const admin = { email: bootstrap.adminEmail, password: bootstrap.adminPassword };
    const discovery = await discover(first.url);
    const { body: client } = await register(
      discovery,
      { token_endpoint_auth_method: 'none' },
      bootstrap.envSecret,
    );
    const browser = new TestBrowser();
    const page = await browser.follow(authorizationUrl(discovery, { clientId: client.client_id! }));
    // The sign-in form of the first process, posted to the second one.
    const form = readForms(page.body, page.url)[0]!;
    const onSecond = new URL(new URL(form.action).pathname, second.url).href;
    const answer = await browser.request(onSecond, { form: { ...form.fields, ...admin } });

    expect(answer.status).toBe(303);
    const { accessToken } = await codeFlowTokens(discovery, bootstrap.envSecret, admin);
    await expect(verifyUserAccessToken(second.context, accessToken)).resolves.toEqual(
      expect.objectContaining({ clientId: expect.any(String) }),
    );
  });
});
