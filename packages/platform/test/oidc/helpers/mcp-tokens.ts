import type { Platform } from '../../../src';
import { loginInBrowser, pkcePair } from './oidc-flows';
import type { TestBrowser } from './test-browser';

/** The redirect URI the MCP clients of the tests register. */
export const MCP_REDIRECT = 'http://127.0.0.1:6274/oauth/callback';

/** The tokens of one MCP authorization, and the browser that signed in (its provider session). */
export interface McpTokens {
  readonly clientId: string;
  readonly accessToken: string;
  /** The platform's wrapped refresh token (a JWT), as `/oauth/token` gives it. */
  readonly refreshToken: string;
  readonly browser: TestBrowser;
}

/** Registers a public MCP client through `POST /oauth/register`. */
export async function registerMcpClient(platform: Platform, scope: string): Promise<string> {
  const response = await fetch(`${platform.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Claude',
      redirect_uris: [MCP_REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope,
    }),
  });
  if (response.status !== 201) throw new Error(`registration answered ${response.status}`);

  return String(((await response.json()) as { client_id: string }).client_id);
}

/** The app URL the vendor MCP server opens for an environment (docs/mcp.md#authorization). */
export function mcpAuthorizeUrl(
  platform: Platform,
  params: { clientId: string; environmentId: number; challenge: string; scope: string },
): string {
  const query = new URLSearchParams({
    client_id: params.clientId,
    redirect_uri: MCP_REDIRECT,
    code_challenge: params.challenge,
    code_challenge_method: 'S256',
    response_type: 'code',
    state: 'state',
    scope: params.scope,
    resource: 'https://agent.example.com/mcp',
    environmentId: String(params.environmentId),
  });

  return `${platform.url}/oauth/authorize?${query.toString()}`;
}

/** `POST /oauth/token` with an environment's secret: status and JSON body. */
export async function mcpTokenCall(
  platform: Platform,
  envSecret: string,
  body: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${platform.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'forest-secret-key': envSecret },
    body: JSON.stringify(body),
  });

  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * A whole MCP authorization for an environment as the vendor MCP server drives it: registration,
 * the platform's sign-in and consent pages, the code exchanged at `/oauth/token`.
 */
export async function mcpTokens(
  platform: Platform,
  environment: { id: number; envSecret: string },
  credentials: { email: string; password: string },
  scope = 'mcp:read mcp:write mcp:action',
): Promise<McpTokens> {
  const clientId = await registerMcpClient(platform, scope);
  const { verifier, challenge } = pkcePair();
  const url = mcpAuthorizeUrl(platform, {
    clientId,
    environmentId: environment.id,
    challenge,
    scope,
  });
  const login = await loginInBrowser(url, credentials, MCP_REDIRECT);
  const code = login.callback?.searchParams.get('code');
  if (!code) throw new Error(`no code: ${login.afterLogin.body.slice(0, 300)}`);
  const exchanged = await mcpTokenCall(platform, environment.envSecret, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: MCP_REDIRECT,
    client_id: clientId,
    code_verifier: verifier,
  });
  if (exchanged.status !== 200) throw new Error(`exchange: ${JSON.stringify(exchanged.body)}`);

  return {
    clientId,
    accessToken: String(exchanged.body.access_token),
    refreshToken: String(exchanged.body.refresh_token),
    browser: login.browser,
  };
}

/** Refreshes an MCP authorization at `/oauth/token` (the old refresh token is rotated). */
export function refreshMcp(
  platform: Platform,
  envSecret: string,
  tokens: Pick<McpTokens, 'clientId' | 'refreshToken'>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return mcpTokenCall(platform, envSecret, {
    grant_type: 'refresh_token',
    refresh_token: tokens.refreshToken,
    client_id: tokens.clientId,
  });
}
