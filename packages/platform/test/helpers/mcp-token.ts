import type { Platform } from '../../src';
import { loginInBrowser, pkcePair } from '../oidc/helpers/oidc-flows';

/** The redirect URI of the MCP client the tests register (MCP Inspector's). */
const REDIRECT = 'http://127.0.0.1:6274/oauth/callback';

/**
 * An MCP access token of the bootstrap environment through the real MCP OAuth flow
 * (docs/mcp.md#authorization): an anonymous registration asking for `scope`, the authorization
 * with PKCE and the environment's resource, the sign-in and consent pages, then the exchange with
 * the environment's secret (as the agent relays it).
 *
 * @example
 * ```ts
 * const token = await mcpToken(platform, { email, password }, 'mcp:read');
 * ```
 */
export async function mcpToken(
  platform: Platform,
  credentials: { readonly email: string; readonly password: string },
  scope: string,
): Promise<string> {
  const { url } = platform;
  const registered = await fetch(`${url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Claude',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope,
    }),
  });
  const clientId = String(((await registered.json()) as { client_id: string }).client_id);
  const { verifier, challenge } = pkcePair();
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    response_type: 'code',
    state: 'state',
    scope,
    resource: 'https://agent.example.com/mcp',
    environmentId: String(platform.bootstrap!.environment.id),
  });
  const login = await loginInBrowser(
    `${url}/oauth/authorize?${query.toString()}`,
    { ...credentials },
    REDIRECT,
  );
  const code = login.callback?.searchParams.get('code');
  if (!code) throw new Error(`no code: ${login.afterLogin.body.slice(0, 200)}`);
  const exchanged = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'forest-secret-key': platform.bootstrap!.envSecret,
    },
    body: JSON.stringify({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: verifier,
    }),
  });
  const tokens = (await exchanged.json()) as { access_token?: string };
  if (!tokens.access_token) throw new Error(`no token: ${JSON.stringify(tokens)}`);

  return tokens.access_token;
}
