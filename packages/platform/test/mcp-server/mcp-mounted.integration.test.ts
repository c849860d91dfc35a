import { createHash, randomBytes } from 'node:crypto';

import { signSessionToken } from '@grove/platform-client';

import { availableServers } from '../helpers/test-databases';
import { loginInBrowser } from '../oidc/helpers/oidc-flows';
import type { McpWorld } from './mcp-test-setup';
import {
  AUTH_SECRET,
  REDIRECT,
  TestOAuthProvider,
  connectWithOAuth,
  registerTestTool,
  startMcpWorld,
} from './mcp-test-setup';

const ACCEPT = {
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
};
const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

/** The MCP server mounted in a real agent, against a real platform, with the MCP SDK client. */
describe.each(availableServers())('MCP server mounted in the agent on $name', server => {
  let world: McpWorld;
  let mcpUrl: string;

  beforeAll(async () => {
    world = await startMcpWorld(server, agent =>
      agent.mountAiMcpServer({ registerTools: registerTestTool }),
    );
    mcpUrl = `${world.agentUrl}/mcp`;
  });
  afterAll(() => world?.stop());

  /** Registers a client on the platform, authorizes through the MCP server, logs in. */
  async function codeFlow(scope: string) {
    const register = await fetch(`${world.platform.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(new TestOAuthProvider().clientMetadata),
    });
    const { client_id: clientId } = (await register.json()) as { client_id: string };
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(`${world.agentUrl}/oauth/authorize`);
    authorize.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      scope,
      state: 's1',
    }).toString();
    const login = await loginInBrowser(authorize.href, world.admin, REDIRECT);
    expect(login.callback!.searchParams.get('state')).toBe('s1');
    const code = login.callback!.searchParams.get('code')!;
    const exchange = (codeVerifier: string) =>
      fetch(`${world.agentUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'authorization_code',
          code,
          code_verifier: codeVerifier,
          redirect_uri: REDIRECT,
          client_id: clientId,
        }),
      });

    return { clientId, verifier, exchange };
  }

  it('serves the discovery documents of the environment', async () => {
    const as = await (
      await fetch(`${world.agentUrl}/.well-known/oauth-authorization-server`)
    ).json();
    expect(as).toEqual(
      expect.objectContaining({
        issuer: `${world.agentUrl}/`,
        authorization_endpoint: `${world.agentUrl}/oauth/authorize`,
        token_endpoint: `${world.agentUrl}/oauth/token`,
        registration_endpoint: `${world.platform.url}/oauth/register`,
        code_challenge_methods_supported: ['S256'],
      }),
    );
    const prm = await (
      await fetch(`${world.agentUrl}/.well-known/oauth-protected-resource/mcp`)
    ).json();
    expect(prm).toEqual(
      expect.objectContaining({ resource: mcpUrl, authorization_servers: [`${world.agentUrl}/`] }),
    );
  });

  it('answers 401 with resource_metadata, then authorizes, calls a tool as the user and refreshes', async () => {
    const unauthenticated = await fetch(mcpUrl, { method: 'POST', headers: ACCEPT, body: LIST });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('www-authenticate')).toContain(
      `resource_metadata="${world.agentUrl}/.well-known/oauth-protected-resource/mcp"`,
    );

    const { client, provider } = await connectWithOAuth(mcpUrl, world.admin);
    const { tools } = await client.listTools();
    expect(tools.map(tool => tool.name)).toEqual(['whoAmI']);
    const result = await client.callTool({ name: 'whoAmI', arguments: {} });
    const content = result.content as Array<{ text: string }>;
    const body = JSON.parse(content[0]!.text) as { email: string; records: unknown[] };
    expect(body.email).toBe(world.admin.email);
    // The agent computed `who` from its own caller: the user, through the delegated token; the
    // tools' agent URL (http://agent.in-process) does not resolve, so this went in process.
    expect(body.records).toEqual([{ id: 1, who: world.admin.email }]);
    await client.close();

    const refresh = await fetch(`${world.agentUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: provider.saved!.refresh_token!,
        client_id: provider.client!.client_id,
      }),
    });
    expect(refresh.status).toBe(200);
    const refreshed = (await refresh.json()) as { access_token: string; refresh_token: string };
    expect(refreshed.access_token).not.toBe(provider.saved!.access_token);
    const listed = await fetch(mcpUrl, {
      method: 'POST',
      headers: { ...ACCEPT, authorization: `Bearer ${refreshed.access_token}` },
      body: LIST,
    });
    expect(listed.status).toBe(200);
    expect(await listed.text()).toContain('whoAmI');

    // The MCP token is not an agent session token: the agent's own routes refuse it.
    const forest = await fetch(`${world.agentUrl}/forest/books`, {
      headers: { authorization: `Bearer ${refreshed.access_token}` },
    });
    expect(forest.status).toBe(401);
  });

  it('refuses an agent session token at /mcp', async () => {
    const session = await signSessionToken(
      { id: 1, email: world.admin.email, renderingId: 1, tags: {} },
      { secret: AUTH_SECRET, expiresInSeconds: 600 },
    );
    const answer = await fetch(mcpUrl, {
      method: 'POST',
      headers: { ...ACCEPT, authorization: `Bearer ${session}` },
      body: LIST,
    });
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { error: string }).error).toBe('invalid_token');
  });

  it('refuses a token without mcp:read (403 insufficient_scope)', async () => {
    const flow = await codeFlow('mcp:action');
    const tokens = (await (await flow.exchange(flow.verifier)).json()) as Record<string, string>;
    expect(tokens.scope).toBe('mcp:action');
    const answer = await fetch(mcpUrl, {
      method: 'POST',
      headers: { ...ACCEPT, authorization: `Bearer ${tokens.access_token}` },
      body: LIST,
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('www-authenticate')).toContain('insufficient_scope');
  });

  it('answers invalid_grant for a replayed code and for a wrong verifier', async () => {
    const flow = await codeFlow('mcp:read');
    expect((await flow.exchange(flow.verifier)).status).toBe(200);
    const replay = await flow.exchange(flow.verifier);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');

    const other = await codeFlow('mcp:read');
    const wrong = await other.exchange(randomBytes(32).toString('base64url'));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('refuses a tampered token, a forged refresh token and a refresh token of another client', async () => {
    const flow = await codeFlow('mcp:read mcp:write');
    const tokens = (await (await flow.exchange(flow.verifier)).json()) as Record<string, string>;
    const [header, payload, signature] = tokens.access_token!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(JSON.stringify({ ...claims, aud: 'urn:grove:environment:999' }));
    const tampered = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        ...ACCEPT,
        authorization: `Bearer ${header}.${forged.toString('base64url')}.${signature}`,
      },
      body: LIST,
    });
    expect(tampered.status).toBe(401);

    const refresh = (body: Record<string, string>) =>
      fetch(`${world.agentUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', ...body }),
      });
    const garbage = await refresh({ refresh_token: 'x.y.z', client_id: flow.clientId });
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { error: string }).error).toBe('invalid_grant');
    const other = await codeFlow('mcp:read');
    const stolen = await refresh({
      refresh_token: tokens.refresh_token!,
      client_id: other.clientId,
    });
    expect(stolen.status).toBe(400);
    expect(((await stolen.json()) as { error: string }).error).toBe('invalid_client');
    // The rightful client still refreshes: nothing was consumed by the attempts.
    const rightful = await refresh({
      refresh_token: tokens.refresh_token!,
      client_id: flow.clientId,
    });
    expect(rightful.status).toBe(200);
  });

  it('refuses PKCE methods other than S256 back at the redirect URI', async () => {
    const register = await fetch(`${world.platform.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(new TestOAuthProvider().clientMetadata),
    });
    const { client_id: clientId } = (await register.json()) as { client_id: string };
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'plain',
      state: 'xyz',
    });
    const answer = await fetch(`${world.agentUrl}/oauth/authorize?${query}`, {
      redirect: 'manual',
    });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('xyz');
  });

  it('answers a JSON-RPC parse error for invalid JSON, and ends its namespaces', async () => {
    const { provider } = await connectWithOAuth(mcpUrl, world.admin);
    const invalid = await fetch(mcpUrl, {
      method: 'POST',
      headers: { ...ACCEPT, authorization: `Bearer ${provider.saved!.access_token}` },
      body: '{"jsonrpc":',
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { code: number } }).error.code).toBe(-32700);

    const get = await fetch(mcpUrl);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    expect((await fetch(`${world.agentUrl}/oauth/callback`)).status).toBe(404);
    expect((await fetch(`${world.agentUrl}/.well-known/openid-configuration`)).status).toBe(404);
    expect((await fetch(`${world.agentUrl}/oauth/token`)).status).toBe(405);
    // Outside the namespaces, the host's routes answer (here the agent's, 404 of its own).
    expect((await fetch(`${world.agentUrl}/mcp-dashboard`)).status).toBe(404);
    expect((await fetch(`${world.agentUrl}/forest`)).status).toBe(200);
  });
});
