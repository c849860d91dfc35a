import {
  exchangeAuthorization,
  refreshAuthorization,
  registerClient,
  startAuthorization,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { decodeJwt } from 'jose';

import { verifyUserAccessToken } from '../../src';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import { loginInBrowser } from './helpers/oidc-flows';

const REDIRECT = 'http://localhost:6274/oauth/callback';

/**
 * The official MCP SDK's client OAuth helpers (registration, authorization URL with PKCE, code
 * exchange, refresh, and their response schemas) pointed at the platform's `/oauth` routes, as
 * an MCP server relaying to the platform would use them (env secret added to token calls).
 */
describe.each(availableServers())('MCP OAuth with the MCP SDK client on $name', server => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await startTestPlatform(server);
  });
  afterAll(() => test.stop());

  it('registers, authorizes, exchanges and refreshes', async () => {
    const url = test.platform.url;
    const bootstrap = test.platform.bootstrap!;
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
    const withSecret: typeof fetch = (input, init) =>
      fetch(input, {
        ...init,
        headers: {
          ...(init?.headers as Record<string, string>),
          'forest-secret-key': bootstrap.envSecret,
        },
      });

    const client = await registerClient(url, {
      metadata,
      clientMetadata: {
        client_name: 'SDK client',
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        scope: 'mcp:read mcp:write mcp:action',
      },
    });
    expect(client.client_id).toEqual(expect.any(String));
    const { authorizationUrl, codeVerifier } = await startAuthorization(url, {
      metadata,
      clientInformation: client,
      redirectUrl: REDIRECT,
      scope: 'mcp:read mcp:action',
      state: 'sdk-state',
      resource: 'https://agent.example.com/mcp',
    });
    authorizationUrl.searchParams.set('environmentId', String(bootstrap.environment.id));

    const login = await loginInBrowser(
      authorizationUrl.href,
      { email: bootstrap.adminEmail, password: bootstrap.adminPassword },
      REDIRECT,
    );
    expect(login.callback!.searchParams.get('state')).toBe('sdk-state');
    const tokens = await exchangeAuthorization(url, {
      metadata,
      clientInformation: client,
      authorizationCode: login.callback!.searchParams.get('code')!,
      codeVerifier,
      redirectUri: REDIRECT,
      fetchFn: withSecret,
    });

    expect(tokens).toEqual(
      expect.objectContaining({
        token_type: 'Bearer',
        scope: 'mcp:read mcp:action',
        expires_in: 3600,
      }),
    );
    expect(decodeJwt(tokens.access_token).meta).toEqual({
      renderingId: expect.any(Number),
      environmentId: bootstrap.environment.id,
    });
    const refreshed = await refreshAuthorization(url, {
      metadata,
      clientInformation: client,
      refreshToken: tokens.refresh_token!,
      fetchFn: withSecret,
    });
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const verified = await verifyUserAccessToken(test.platform.context, refreshed.access_token);
    expect(verified.scopes).toEqual(['mcp:read', 'mcp:action']);
  });
});
