import {
  exchangeAuthorization,
  registerClient,
  startAuthorization,
} from '@modelcontextprotocol/sdk/client/auth.js';

import type { Page } from 'playwright-core';
import { verifyUserAccessToken } from '../../src';
import { callAdmin } from '../helpers/admin-client';
import { discover, register, tokenRequest } from '../oidc/helpers/oidc-flows';
import {
  ADMIN_PASSWORD,
  captureScreen,
  describeInBrowser,
  signIn,
  startConsoleWorld,
} from './helpers/console-browser';
import type { ConsoleWorld } from './helpers/console-browser';

const NEW_PASSWORD = 'my own first-start passphrase';
const MCP_REDIRECT = 'http://localhost:6274/oauth/callback';
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

describeInBrowser('console: first-start password change', () => {
  let world: ConsoleWorld;

  beforeAll(async () => {
    world = await startConsoleWorld({ firstStart: true });
  });
  afterAll(() => world.close());

  it('asks for a new password before anything else, then shows the projects', async () => {
    const { adminEmail, adminPassword } = world.bootstrap;
    expect(adminPassword).not.toBe(ADMIN_PASSWORD);
    const context = await world.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, adminEmail, adminPassword);

    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    // The only screen: no navigation, no project list.
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Projects' }).count()).toBe(0);
    await captureScreen(page, 'change-password');

    await page.getByLabel('One-time password').fill(adminPassword);
    await page.getByLabel('New password', { exact: true }).fill('too short');
    await page.getByLabel('Repeat the new password').fill('too short');
    await page.getByRole('button', { name: 'Save password' }).click();
    const error = page.getByText('newPassword must have at least 12 characters');
    await error.waitFor();
    // Next to its field: the field's description.
    expect(
      await page.getByLabel('New password', { exact: true }).getAttribute('aria-describedby'),
    ).toBe(await error.getAttribute('id'));

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    expect(await page.getByRole('link', { name: 'My project' }).count()).toBe(1);

    const login = (password: string) =>
      callAdmin(world.url, 'POST', '/api/admin/session', { email: adminEmail, password });
    expect((await login(adminPassword)).status).toBe(401);
    const fresh = await login(NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.user.mustChangePassword).toBe(false);
    await context.close();
  });
});

describeInBrowser('the platform pages in the browser', () => {
  let world: ConsoleWorld;

  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(() => world.close());

  /** Fills the platform's sign-in page (OpenID login) and submits it. */
  async function signInOnPlatformPage(page: Page): Promise<void> {
    await page.getByRole('heading', { name: 'Sign in to Grove' }).waitFor();
    await page.getByLabel('Email').fill(world.bootstrap.adminEmail);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('approves an MCP client on the consent page, and its token works', async () => {
    const { url, bootstrap } = world;
    const metadata = {
      issuer: `${url}/`,
      authorization_endpoint: `${url}/oauth/authorize`,
      token_endpoint: `${url}/oauth/token`,
      registration_endpoint: `${url}/oauth/register`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['mcp:read', 'mcp:write', 'mcp:action'],
    };
    const client = await registerClient(url, {
      metadata,
      clientMetadata: {
        client_name: 'Claude Desktop',
        redirect_uris: [MCP_REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        scope: 'mcp:read mcp:write mcp:action',
      },
    });
    const { authorizationUrl, codeVerifier } = await startAuthorization(url, {
      metadata,
      clientInformation: client,
      redirectUrl: MCP_REDIRECT,
      scope: 'mcp:read mcp:write',
      state: 'browser-state',
      resource: 'https://agent.example.com/mcp',
    });
    authorizationUrl.searchParams.set('environmentId', String(bootstrap.environment.id));

    const context = await world.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    // The MCP client's redirect URI: answered here, so that the test reads the code from it.
    await page.route(`${MCP_REDIRECT}**`, route =>
      route.fulfill({ contentType: 'text/plain', body: 'Back in the MCP client' }),
    );
    await page.goto(authorizationUrl.href);
    await captureScreen(page, 'login-page');
    await signInOnPlatformPage(page);

    await page.getByRole('heading', { name: 'Allow access?' }).waitFor();
    const asks = page.getByRole('list', { name: 'Claude Desktop asks to:' });
    expect(await asks.getByRole('listitem').allTextContents()).toEqual([
      'read your data through its AI assistant (MCP)',
      'create, change and delete your data through its AI assistant (MCP)',
    ]);
    await page.getByText('in the environment My project · Development.').waitFor();
    // Styled by the console's stylesheet (the CSP allows styles from the platform only).
    const background = await page.evaluate(
      'getComputedStyle(document.querySelector(".auth-card")).backgroundColor',
    );
    expect(background).toBe('rgb(255, 255, 255)');
    await captureScreen(page, 'consent-page');

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Back in the MCP client').waitFor();
    const callback = new URL(page.url());
    expect(callback.origin + callback.pathname).toBe(MCP_REDIRECT);
    expect(callback.searchParams.get('state')).toBe('browser-state');

    const tokens = await exchangeAuthorization(url, {
      metadata,
      clientInformation: client,
      authorizationCode: callback.searchParams.get('code')!,
      codeVerifier,
      redirectUri: MCP_REDIRECT,
      // The MCP server relays the token request with its environment's secret.
      fetchFn: (input, init) =>
        fetch(input, {
          ...init,
          headers: {
            ...(init?.headers as Record<string, string>),
            'forest-secret-key': bootstrap.envSecret,
          },
        }),
    });
    expect(tokens.scope).toBe('mcp:read mcp:write');
    const verified = await verifyUserAccessToken(world.test.platform.context, tokens.access_token);
    expect(verified).toEqual(
      expect.objectContaining({
        environmentId: bootstrap.environment.id,
        scopes: ['mcp:read', 'mcp:write'],
      }),
    );
    await context.close();
  });

  it('signs the CLI in through the device pages', async () => {
    const discovery = await discover(world.url);
    const { body } = await register(discovery, {
      client_name: 'Grove CLI',
      application_type: 'native',
      redirect_uris: ['com.forestadmin.cli://authenticate'],
      token_endpoint_auth_method: 'none',
      grant_types: [DEVICE_GRANT],
      response_types: ['none'],
    });
    const clientId = body.client_id!;
    const started = await fetch(discovery.device_authorization_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, scope: 'openid email profile' }),
    });
    const device = (await started.json()) as {
      device_code: string;
      user_code: string;
      verification_uri: string;
    };
    const poll = () =>
      tokenRequest(discovery, {
        grant_type: DEVICE_GRANT,
        device_code: device.device_code,
        client_id: clientId,
      });
    expect((await poll()).body.error).toBe('authorization_pending');

    const context = await world.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(device.verification_uri);
    await page.getByRole('heading', { name: 'Sign in a device' }).waitFor();
    await captureScreen(page, 'device-page');
    await page.getByLabel('Code').fill('BCDF-GHJK');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('This code is unknown or expired').waitFor();
    await page.getByLabel('Code').fill(device.user_code);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Confirm the device' }).waitFor();
    await page.getByText(device.user_code, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await signInOnPlatformPage(page);
    await page.getByRole('heading', { name: 'Allow access?' }).waitFor();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByRole('heading', { name: 'Device signed in' }).waitFor();

    const tokens = await poll();
    expect(tokens.status).toBe(200);
    expect(tokens.body).toEqual(expect.objectContaining({ access_token: expect.any(String) }));
    await context.close();
  });
});
