import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';

import { hashPassword, verifyUserAccessToken } from '../../src';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import type { Discovery } from './helpers/oidc-flows';
import {
  authorizationUrl,
  discover,
  loginInBrowser,
  pkcePair,
  register,
  tokenRequest,
} from './helpers/oidc-flows';
import { TestBrowser } from './helpers/test-browser';
import { LOGIN_LIMITS } from '../../src/auth/login-rate-limiter';

const AGENT_URL = 'http://agent.test:3351';
const CALLBACK = `${AGENT_URL}/forest/authentication/callback`;

describe.each(availableServers())('OIDC code flow on $name', server => {
  let test: TestPlatform;
  let discovery: Discovery;
  let envSecret: string;
  let admin: { email: string; password: string };

  beforeAll(async () => {
    test = await startTestPlatform(server, { bootstrap: { agentUrl: AGENT_URL } });
    const bootstrap = test.platform.bootstrap!;
    envSecret = bootstrap.envSecret;
    admin = { email: bootstrap.adminEmail, password: bootstrap.adminPassword };
    discovery = await discover(test.platform.url);
  });
  afterAll(() => test.stop());

  const countRows = (model: string) =>
    test.platform.context.db.models.OidcPayload.count({ where: { model } });

  async function agentClient(): Promise<string> {
    const { status, body } = await register(
      discovery,
      { token_endpoint_auth_method: 'none' },
      envSecret,
    );
    expect(status).toBe(201);

    return body.client_id!;
  }

  /** Logs the admin in for a client and returns the code of the callback. */
  async function code(clientId: string, challenge?: string): Promise<string> {
    const login = await loginInBrowser(
      authorizationUrl(discovery, { clientId, challenge }),
      admin,
      CALLBACK,
    );

    return login.callback!.searchParams.get('code')!;
  }

  it('serves discovery under the issuer <publicUrl>/oidc, with the env secret or without', async () => {
    const withSecret = await fetch(`${test.platform.url}/oidc/.well-known/openid-configuration`, {
      headers: { 'forest-secret-key': envSecret },
    });

    expect(await withSecret.json()).toEqual(discovery);
    expect(discovery).toEqual(
      expect.objectContaining({
        issuer: `${test.platform.url}/oidc`,
        authorization_endpoint: `${test.platform.url}/oidc/auth`,
        token_endpoint: `${test.platform.url}/oidc/token`,
        registration_endpoint: `${test.platform.url}/oidc/reg`,
        jwks_uri: `${test.platform.url}/oidc/jwks`,
        device_authorization_endpoint: `${test.platform.url}/oidc/device/auth`,
        code_challenge_methods_supported: ['S256'],
        id_token_signing_alg_values_supported: expect.arrayContaining(['RS256']),
      }),
    );
  });

  it('exchanges a code as the vendor agent does (no redirect_uri, no PKCE) for an RS256 id token', async () => {
    const clientId = await agentClient();
    const tokens = await tokenRequest(discovery, {
      grant_type: 'authorization_code',
      code: await code(clientId),
      client_id: clientId,
    });

    expect(tokens.status).toBe(200);
    const idToken = String(tokens.body.id_token);
    expect(decodeProtectedHeader(idToken).alg).toBe('RS256');
    const { payload } = await jwtVerify(idToken, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
      issuer: discovery.issuer,
      audience: clientId,
    });
    const user = await test.platform.context.db.models.User.findOne({
      where: { email: admin.email },
    });
    expect(payload).toEqual(
      expect.objectContaining({
        sub: String(user!.id),
        iat: expect.any(Number),
        exp: expect.any(Number),
      }),
    );
    expect(payload.nonce).toBeUndefined();
    await expect(
      verifyUserAccessToken(test.platform.context, String(tokens.body.access_token)),
    ).resolves.toEqual({
      userId: user!.id,
      clientId,
      scopes: ['openid', 'email', 'profile'],
      expiresAt: expect.any(Date),
      environmentId: test.platform.bootstrap!.environment.id,
      kind: 'agent-login',
    });
  });

  it('enforces PKCE once the authorization request had a challenge', async () => {
    const clientId = await agentClient();
    const { verifier, challenge } = pkcePair();
    const spent = await code(clientId, challenge);

    const without = await tokenRequest(discovery, {
      grant_type: 'authorization_code',
      code: spent,
      client_id: clientId,
    });
    const wrong = await tokenRequest(discovery, {
      grant_type: 'authorization_code',
      code: spent,
      client_id: clientId,
      code_verifier: pkcePair().verifier,
    });
    const right = await tokenRequest(discovery, {
      grant_type: 'authorization_code',
      code: spent,
      client_id: clientId,
      code_verifier: verifier,
    });

    expect([without.status, without.body.error]).toEqual([400, 'invalid_grant']);
    expect([wrong.status, wrong.body.error]).toEqual([400, 'invalid_grant']);
    expect(right.status).toBe(200);
  });

  it('refuses a replayed code and revokes what the first exchange issued', async () => {
    const clientId = await agentClient();
    const once = await code(clientId);
    const first = await tokenRequest(discovery, {
      grant_type: 'authorization_code',
      code: once,
      client_id: clientId,
    });
    const replay = await tokenRequest(discovery, {
      grant_type: 'authorization_code',
      code: once,
      client_id: clientId,
    });

    expect(first.status).toBe(200);
    expect([replay.status, replay.body.error]).toEqual([400, 'invalid_grant']);
    await expect(
      verifyUserAccessToken(test.platform.context, String(first.body.access_token)),
    ).rejects.toMatchObject({ code: 'UnauthorizedError' });
  });

  it('refuses a code of another client', async () => {
    const [mine, theirs] = [await agentClient(), await agentClient()];
    const answer = await tokenRequest(discovery, {
      grant_type: 'authorization_code',
      code: await code(mine),
      client_id: theirs,
    });

    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('answers a wrong password and an unknown email alike, and issues nothing', async () => {
    const clientId = await agentClient();
    const [codes, tokens] = [await countRows('AuthorizationCode'), await countRows('AccessToken')];
    const wrongPassword = await loginInBrowser(
      authorizationUrl(discovery, { clientId }),
      { email: admin.email, password: 'not the password at all' },
      CALLBACK,
    );
    const unknownEmail = await loginInBrowser(
      authorizationUrl(discovery, { clientId }),
      { email: 'nobody@grove.local', password: admin.password },
      CALLBACK,
    );

    for (const attempt of [wrongPassword, unknownEmail]) {
      expect(attempt.afterLogin.status).toBe(401);
      expect(attempt.afterLogin.body).toContain('Wrong email or password.');
      expect(attempt.callback).toBeUndefined();
    }
    expect([await countRows('AuthorizationCode'), await countRows('AccessToken')]).toEqual([
      codes,
      tokens,
    ]);
  });

  it('refuses further attempts for an email after 5 failures from one address, even with the right password', async () => {
    const password = 'the right password of this user';
    const user = { email: 'limited@grove.local', password };
    await test.platform.context.db.models.User.create({
      ...user,
      firstName: 'Lim',
      lastName: 'Ited',
      passwordHash: await hashPassword(password),
      permissionLevel: 'user',
    });
    const clientId = await agentClient();
    const browser = new TestBrowser();
    const page = await browser.follow(authorizationUrl(discovery, { clientId }), {}, l =>
      l.startsWith(CALLBACK),
    );
    for (let i = 0; i < LOGIN_LIMITS.perEmailAndIp; i++) {
      const failed = await browser.submit(page, {
        email: user.email,
        password: `wrong password ${i}`,
      });
      expect(failed.status).toBe(401);
    }
    const blocked = await browser.submit(page, user, 0, l => l.startsWith(CALLBACK));

    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(blocked.body).toContain('Too many failed attempts');
  });

  it('refuses a sign-in form without its anti-forgery token or from another site, accepts the genuine one', async () => {
    const clientId = await agentClient();
    const browser = new TestBrowser();
    const page = await browser.follow(authorizationUrl(discovery, { clientId }), {}, l =>
      l.startsWith(CALLBACK),
    );
    const action = new URL(/action="([^"]+)"/.exec(page.body)![1]!.replace(/&amp;/g, '&'), page.url)
      .href;

    const noToken = await browser.request(action, { form: { ...admin } });
    const forged = await browser.request(action, { form: { ...admin, csrf: 'x'.repeat(43) } });
    const otherOrigin = await browser.request(action, {
      form: { ...admin, csrf: /name="csrf" value="([^"]+)"/.exec(page.body)![1]! },
      headers: { origin: 'https://evil.example' },
    });

    const genuine = await browser.submit(page, admin, 0, () => true);

    expect([noToken.status, forged.status, otherOrigin.status]).toEqual([403, 403, 403]);
    expect(genuine.status).toBe(303);
  });

  it('answers an error page for an interaction this browser did not start', async () => {
    const clientId = await agentClient();
    const mine = new TestBrowser();
    const page = await mine.follow(authorizationUrl(discovery, { clientId }), {}, l =>
      l.startsWith(CALLBACK),
    );
    const other = await new TestBrowser().request(page.url);

    expect(other.status).toBe(400);
    expect(other.body).toContain('This sign-in page expired or was opened in another browser');
  });

  it('sends the user back with access_denied when they deny the consent', async () => {
    const clientId = await agentClient();
    const browser = new TestBrowser();
    const atCallback = (l: string) => l.startsWith(CALLBACK);
    const page = await browser.follow(
      authorizationUrl(discovery, { clientId, state: 's1' }),
      {},
      atCallback,
    );
    const consent = await browser.submit(page, admin, 0, atCallback);
    const denied = await browser.submit(consent, {}, 1, atCallback);
    const back = new URL(denied.location!);

    expect(Object.fromEntries(back.searchParams)).toEqual(
      expect.objectContaining({ error: 'access_denied', state: 's1' }),
    );
  });

  it('shows the login pages without script, not framable, with every value escaped', async () => {
    const clientId = await agentClient();
    const browser = new TestBrowser();
    const page = await browser.follow(authorizationUrl(discovery, { clientId }), {}, l =>
      l.startsWith(CALLBACK),
    );
    const again = await browser.submit(page, {
      email: '"><script>alert(1)</script>',
      password: 'x',
    });

    // No script at all; the only style is the console's stylesheet, from the platform itself.
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(page.body).toContain('<link rel="stylesheet" href="/console/assets/grove.css" />');
    expect(page.body).not.toContain('<style');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.body).toContain('My project · Development');
    expect(again.body).not.toContain('<script>');
    expect(again.body).toContain('&quot;&gt;&lt;script&gt;');
  });
});
