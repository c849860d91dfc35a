import { decodeJwt } from 'jose';

import { generateEnvSecret, hashEnvSecret, hashPassword, verifyUserAccessToken } from '../../src';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import {
  authorizationUrl,
  codeFlowTokens,
  discover,
  loginInBrowser,
  pkcePair,
  register,
  tokenRequest,
} from './helpers/oidc-flows';
import { TestBrowser } from './helpers/test-browser';

const REDIRECT = 'http://127.0.0.1:6274/oauth/callback';

describe.each(availableServers())('MCP OAuth on $name', server => {
  let test: TestPlatform;
  let url: string;
  let envSecret: string;
  let environmentId: number;
  let renderingId: number;
  let otherSecret: string;
  let admin: { email: string; password: string };

  beforeAll(async () => {
    test = await startTestPlatform(server);
    url = test.platform.url;
    const bootstrap = test.platform.bootstrap!;
    envSecret = bootstrap.envSecret;
    environmentId = bootstrap.environment.id;
    admin = { email: bootstrap.adminEmail, password: bootstrap.adminPassword };
    const { models } = test.platform.context.db;
    renderingId = (await models.Rendering.findOne({ where: { environmentId } }))!.id;
    otherSecret = generateEnvSecret();
    await models.Environment.create({
      projectId: bootstrap.project.id,
      name: 'Production',
      secretHash: hashEnvSecret(otherSecret),
    });
  });
  afterAll(() => test.stop());

  const countClients = () =>
    test.platform.context.db.models.OidcPayload.count({ where: { model: 'Client' } });

  async function registerMcp(
    metadata: Record<string, unknown>,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(metadata),
    });

    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function mcpClient(scope = 'mcp:read mcp:write mcp:action'): Promise<string> {
    const { status, body } = await registerMcp({
      client_name: 'Claude',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope,
    });
    expect(status).toBe(201);

    return String(body.client_id);
  }

  /**
   * The app URL the vendor MCP server builds (docs/mcp.md#authorization), with its `+`-joined
   * scope.
   */
  function appUrl(params: Record<string, string | undefined>): string {
    const query = Object.entries({
      redirect_uri: REDIRECT,
      code_challenge_method: 'S256',
      response_type: 'code',
      state: 'the-state',
      scope: 'mcp:read+mcp:write',
      resource: 'https://agent.example.com/mcp',
      environmentId: String(environmentId),
      ...params,
    })
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
      .join('&');

    return `${url}/oauth/authorize?${query}`;
  }

  async function authorize(
    clientId: string,
    params: Record<string, string | undefined> = {},
    credentials = admin,
  ) {
    const { verifier, challenge } = pkcePair();
    const login = await loginInBrowser(
      appUrl({ client_id: clientId, code_challenge: challenge, ...params }),
      credentials,
      REDIRECT,
    );

    return { login, verifier, code: login.callback?.searchParams.get('code') ?? undefined };
  }

  async function token(
    body: Record<string, unknown>,
    secret: string | null = envSecret,
    encoding: 'json' | 'form' = 'json',
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type':
          encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
        ...(secret === null ? {} : { 'forest-secret-key': secret }),
      },
      body:
        encoding === 'json'
          ? JSON.stringify(body)
          : new URLSearchParams(body as Record<string, string>),
    });

    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const exchange = (
    clientId: string,
    code: string,
    verifier: string,
    secret: string | null = envSecret,
  ) =>
    token(
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: clientId,
        code_verifier: verifier,
      },
      secret,
    );

  describe('registration', () => {
    it('registers a public MCP client and shows its RFC 7591 record', async () => {
      const { status, body } = await registerMcp({
        client_name: 'Cursor',
        redirect_uris: [REDIRECT, 'https://claude.ai/api/mcp/auth_callback'],
        scope: 'mcp:read mcp:write',
        logo_uri: 'https://evil.example/logo.png',
      });

      expect(status).toBe(201);
      const record = {
        client_id: expect.any(String),
        client_id_issued_at: expect.any(Number),
        client_name: 'Cursor',
        redirect_uris: [REDIRECT, 'https://claude.ai/api/mcp/auth_callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        scope: 'mcp:read mcp:write',
      };
      expect(body).toEqual(record);
      const read = await fetch(`${url}/oauth/register/${String(body.client_id)}`);
      expect(read.status).toBe(200);
      expect(await read.json()).toEqual({ ...record, client_id: body.client_id });
    });

    it('answers 404 for an unknown client and for an agent client', async () => {
      const discovery = await discover(url);
      const agent = await register(discovery, { token_endpoint_auth_method: 'none' }, envSecret);
      expect(agent.status).toBe(201);

      for (const id of ['unknown-client', agent.body.client_id!, '..%2F..%2Fetc']) {
        const response = await fetch(`${url}/oauth/register/${id}`);
        expect(response.status).toBe(404);
      }
    });

    it.each([
      ['no redirect URI', { redirect_uris: [] }],
      ['an http redirect URI off loopback', { redirect_uris: ['http://evil.example/cb'] }],
      ['a custom scheme', { redirect_uris: ['cursor://anysphere.cursor-mcp/oauth/callback'] }],
      ['a confidential client', { token_endpoint_auth_method: 'client_secret_basic' }],
      ['the device grant', { grant_types: ['urn:ietf:params:oauth:grant-type:device_code'] }],
      ['a scope beyond mcp:*', { scope: 'mcp:read mcp:admin' }],
      ['an OpenID scope', { scope: 'openid mcp:read' }],
    ])('refuses %s and stores nothing', async (_name, metadata) => {
      const before = await countClients();

      const { status, body } = await registerMcp({ redirect_uris: [REDIRECT], ...metadata });

      expect(status).toBe(400);
      expect(body.error).toMatch(/^invalid_(client_metadata|redirect_uri)$/);
      expect(await countClients()).toBe(before);
    });

    it('refuses the platform’s own registration tokens sent by a caller to /oidc/reg', async () => {
      const before = await countClients();

      for (const token of ['grove-anonymous-mcp-client', 'grove-anonymous-device-client']) {
        const response = await fetch(`${url}/oidc/reg`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ redirect_uris: [REDIRECT] }),
        });
        expect(response.status).toBe(401);
      }
      expect(await countClients()).toBe(before);
    });

    it('refuses a body that is not JSON', async () => {
      const response = await fetch(`${url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `redirect_uris=${encodeURIComponent(REDIRECT)}`,
      });

      expect(response.status).toBe(400);
    });
  });

  describe('the whole flow', () => {
    it('registers, authorizes in the environment, exchanges the code and refreshes', async () => {
      const clientId = await mcpClient();
      const { login, verifier, code } = await authorize(clientId);

      expect(login.afterLogin.body).toContain('My project · Development');
      expect(login.afterLogin.body).toContain('read your data through its AI assistant');
      expect(login.afterLogin.body).toContain('Allowing sends you back to 127.0.0.1:6274');
      expect(login.callback!.searchParams.get('state')).toBe('the-state');
      const exchanged = await exchange(clientId, code!, verifier);
      expect(exchanged).toEqual({
        status: 200,
        body: {
          access_token: expect.any(String),
          refresh_token: expect.any(String),
          expires_in: 3600,
          token_type: 'Bearer',
          scope: 'mcp:read mcp:write',
        },
      });
      const access = decodeJwt(String(exchanged.body.access_token));
      expect(access).toEqual(
        expect.objectContaining({
          meta: { renderingId, environmentId },
          scope: 'mcp:read mcp:write',
          exp: expect.any(Number),
          client_id: clientId,
        }),
      );
      expect(decodeJwt(String(exchanged.body.refresh_token)).exp).toBeGreaterThan(
        access.exp! + 3600,
      );
      const verified = await verifyUserAccessToken(
        test.platform.context,
        String(exchanged.body.access_token),
      );
      expect(verified).toEqual(
        expect.objectContaining({
          clientId,
          scopes: ['mcp:read', 'mcp:write'],
          environmentId,
          renderingId,
        }),
      );

      // The MCP server asks who the token speaks for (docs/platform-protocol.md#user-info), in its
      // environment.
      const userInfo = (secret: string) =>
        fetch(`${url}/liana/v2/renderings/${renderingId}/authorization`, {
          headers: {
            'forest-secret-key': secret,
            'forest-token': String(exchanged.body.access_token),
          },
        });
      const who = await userInfo(envSecret);
      expect(who.status).toBe(200);
      expect(((await who.json()) as { data: { id: string } }).data.id).toBe(
        String(verified.userId),
      );
      expect((await userInfo(otherSecret)).status).toBe(403);

      // Only the provider's MCP access JWTs pass: not the refresh JWT, an agent login's ID token,
      // a tampered token, or a token whose client was deleted.
      const agentLogin = await codeFlowTokens(await discover(url), envSecret, admin);
      const [head, body] = String(exchanged.body.access_token).split('.');
      const tampered = `${head}.${Buffer.from(
        JSON.stringify({ ...access, meta: { renderingId: 999, environmentId } }),
      ).toString('base64url')}.${String(exchanged.body.access_token).split('.')[2]}`;
      for (const forged of [
        String(exchanged.body.refresh_token),
        agentLogin.idToken,
        tampered,
        `${head}.${body}.`,
      ]) {
        await expect(verifyUserAccessToken(test.platform.context, forged)).rejects.toThrow(
          'The access token is missing, invalid or expired',
        );
      }

      const refreshed = await token(
        {
          grant_type: 'refresh_token',
          refresh_token: String(exchanged.body.refresh_token),
          client_id: clientId,
        },
        envSecret,
        'form',
      );
      expect(refreshed.status).toBe(200);
      expect(decodeJwt(String(refreshed.body.access_token)).meta).toEqual({
        renderingId,
        environmentId,
      });

      const narrowed = await token({
        grant_type: 'refresh_token',
        refresh_token: String(refreshed.body.refresh_token),
        client_id: clientId,
        scopes: ['mcp:read'],
      });
      expect(narrowed.status).toBe(200);
      expect(narrowed.body.scope).toBe('mcp:read');

      // A refresh token used twice: the grant is revoked, the newest token with it.
      const reused = await token({
        grant_type: 'refresh_token',
        refresh_token: String(exchanged.body.refresh_token),
        client_id: clientId,
      });
      expect(reused.body.error).toBe('invalid_grant');
      const afterReuse = await token({
        grant_type: 'refresh_token',
        refresh_token: String(narrowed.body.refresh_token),
        client_id: clientId,
      });
      expect(afterReuse.body.error).toBe('invalid_grant');
    });
  });

  describe('attacks', () => {
    it('shows an error page, without redirecting, for an unregistered redirect URI or client', async () => {
      const clientId = await mcpClient();
      const browser = new TestBrowser();

      for (const target of [
        appUrl({
          client_id: clientId,
          redirect_uri: 'https://evil.example/cb',
          code_challenge: 'x',
        }),
        appUrl({ client_id: 'unknown', code_challenge: 'x' }),
      ]) {
        const page = await browser.request(target);
        expect(page.status).toBe(400);
        expect(page.location).toBeNull();
      }
    });

    it.each([
      ['no PKCE', { code_challenge: undefined }, 'invalid_request'],
      ['the plain PKCE method', { code_challenge_method: 'plain' }, 'invalid_request'],
      ['a scope beyond the registration', { scope: 'mcp:read+mcp:action' }, 'invalid_scope'],
      ['an unknown scope', { scope: 'mcp:admin' }, 'invalid_scope'],
      ['an unknown environment', { environmentId: '999999' }, 'invalid_request'],
      ['another response type', { response_type: 'token' }, 'unsupported_response_type'],
    ])('redirects with an error for %s', async (_name, params, error) => {
      const clientId = await mcpClient('mcp:read mcp:write');
      const page = await new TestBrowser().request(
        appUrl({ client_id: clientId, code_challenge: 'c'.repeat(43), ...params }),
      );

      expect(page.status).toBe(303);
      const location = new URL(page.location!);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('state')).toBe('the-state');
    });

    it('sends access_denied for a user who is not a member of the project', async () => {
      const { models } = test.platform.context.db;
      const password = 'the stranger password';
      const stranger = await models.User.create({
        email: 'stranger@grove.local',
        firstName: 'Stran',
        lastName: 'Ger',
        passwordHash: await hashPassword(password),
        permissionLevel: 'user',
      });
      const clientId = await mcpClient();

      const { login, code } = await authorize(clientId, {}, { email: stranger.email, password });

      expect(code).toBeUndefined();
      const location = new URL(login.afterLogin.location!);
      expect(location.searchParams.get('error')).toBe('access_denied');
      expect(location.searchParams.get('state')).toBe('the-state');
    });

    it('refuses a code with another environment’s secret, then a wrong verifier, then a replay', async () => {
      const clientId = await mcpClient();
      const { verifier, code } = await authorize(clientId);

      const otherEnvironment = await exchange(clientId, code!, verifier, otherSecret);
      expect(otherEnvironment).toEqual({
        status: 400,
        body: expect.objectContaining({ error: 'invalid_grant' }),
      });
      for (const secret of [null, '', 'f'.repeat(64)]) {
        const noSecret = await exchange(clientId, code!, verifier, secret);
        expect(noSecret).toEqual({
          status: 401,
          body: expect.objectContaining({ error: 'invalid_client' }),
        });
      }

      const wrongVerifier = await exchange(clientId, code!, pkcePair().verifier);
      expect(wrongVerifier.body.error).toBe('invalid_grant');

      // A failed PKCE check consumed the code: a new one.
      const second = await authorize(clientId);
      const first = await exchange(clientId, second.code!, second.verifier);
      expect(first.status).toBe(200);
      const replayed = await exchange(clientId, second.code!, second.verifier);
      expect(replayed).toEqual({
        status: 400,
        body: expect.objectContaining({ error: 'invalid_grant' }),
      });
    });

    it('refuses a code or a refresh token presented by another client', async () => {
      const clientId = await mcpClient();
      const otherClient = await mcpClient();
      const { verifier, code } = await authorize(clientId);

      const stolen = await exchange(otherClient, code!, verifier);
      expect(stolen.status).toBe(400);
      expect(['invalid_grant', 'invalid_client']).toContain(stolen.body.error);

      const second = await authorize(clientId);
      const tokens = await exchange(clientId, second.code!, second.verifier);
      expect(tokens.status).toBe(200);
      const refresh = (client: string, secret = envSecret) =>
        token(
          {
            grant_type: 'refresh_token',
            refresh_token: String(tokens.body.refresh_token),
            client_id: client,
          },
          secret,
        );
      const otherClientRefresh = await refresh(otherClient);
      expect(otherClientRefresh.status).toBe(400);
      expect(['invalid_grant', 'invalid_client']).toContain(otherClientRefresh.body.error);
      expect((await refresh(clientId, otherSecret)).body.error).toBe('invalid_grant');
    });

    it('refuses the access tokens of a deleted client', async () => {
      const clientId = await mcpClient();
      const { verifier, code } = await authorize(clientId);
      const tokens = await exchange(clientId, code!, verifier);
      await test.platform.context.db.models.OidcPayload.destroy({
        where: { model: 'Client', id: clientId },
      });

      await expect(
        verifyUserAccessToken(test.platform.context, String(tokens.body.access_token)),
      ).rejects.toThrow('The access token is missing, invalid or expired');
      expect((await fetch(`${url}/oauth/register/${clientId}`)).status).toBe(404);
    });

    it('gives nothing usable to an MCP client going to /oidc without an environment', async () => {
      const clientId = await mcpClient();
      const discovery = await discover(url);
      const { verifier, challenge } = pkcePair();
      const login = await loginInBrowser(
        authorizationUrl(discovery, { clientId, redirectUri: REDIRECT, challenge }),
        admin,
        REDIRECT,
      );
      const direct = await tokenRequest(discovery, {
        grant_type: 'authorization_code',
        code: login.callback!.searchParams.get('code')!,
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      });
      expect(direct.status).toBe(200);

      await expect(
        verifyUserAccessToken(test.platform.context, String(direct.body.access_token)),
      ).rejects.toThrow('The access token is missing, invalid or expired');
    });

    it('refuses scope escalation at refresh, forged refresh tokens and unknown grants', async () => {
      const clientId = await mcpClient();
      const { verifier, code } = await authorize(clientId, { scope: 'mcp:read' });
      const tokens = await exchange(clientId, code!, verifier);
      expect(tokens.body.scope).toBe('mcp:read');

      const escalated = await token({
        grant_type: 'refresh_token',
        refresh_token: String(tokens.body.refresh_token),
        client_id: clientId,
        scopes: ['mcp:read', 'mcp:action'],
      });
      expect(escalated.status).toBe(200);
      expect(escalated.body.scope).toBe('mcp:read');
      expect(decodeJwt(String(escalated.body.access_token)).scope).toBe('mcp:read');
      const onlyNew = await token({
        grant_type: 'refresh_token',
        refresh_token: String(escalated.body.refresh_token),
        client_id: clientId,
        scopes: ['mcp:action'],
      });
      expect(onlyNew.body.error).toBe('invalid_scope');

      const [header, payload] = String(tokens.body.refresh_token).split('.');
      const forged = await token({
        grant_type: 'refresh_token',
        refresh_token: `${header}.${payload}.${'A'.repeat(342)}`,
        client_id: clientId,
      });
      expect(forged.body.error).toBe('invalid_grant');
      const accessAsRefresh = await token({
        grant_type: 'refresh_token',
        refresh_token: String(tokens.body.access_token),
        client_id: clientId,
      });
      expect(accessAsRefresh.body.error).toBe('invalid_grant');

      expect((await token({ grant_type: 'password', client_id: clientId })).body.error).toBe(
        'unsupported_grant_type',
      );
      expect((await token({ client_id: clientId })).body.error).toBe('invalid_request');
      const malformed = await fetch(`${url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'forest-secret-key': envSecret },
        body: '{"grant_type":',
      });
      expect(malformed.status).toBe(400);
      expect(((await malformed.json()) as { error: string }).error).toBe('invalid_request');
      const huge = await token({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(20_000) });
      expect(huge).toEqual({
        status: 400,
        body: expect.objectContaining({ error: 'invalid_request' }),
      });
    });
  });
});

describe.each(availableServers())('MCP OAuth in sandbox mode on $name', server => {
  it('is not served', async () => {
    const test = await startTestPlatform(server, {
      mode: 'sandbox',
      bootstrap: false,
      sandbox: { refreshSettleMs: 0 },
    });
    try {
      const register = await fetch(`${test.platform.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT] }),
      });
      const token = await fetch(`${test.platform.url}/oauth/token`, { method: 'POST' });

      expect([register.status, token.status]).toEqual([404, 404]);
    } finally {
      await test.stop();
    }
  });
});
