import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { authorizeMcpClient, InMemoryOAuthClientProvider } from '@grove/mcp-server/testing';

/** The SDK's OAuth client provider, kept in memory (shared with the other MCP tests of Grove). */
export type TestOAuthProvider = InMemoryOAuthClientProvider;

/**
 * The whole flow with the official SDK client (`authorizeMcpClient` of
 * `@grove/mcp-server/testing`): discovery, registration on the platform, PKCE, the platform's
 * sign-in and consent pages, the code exchange; then an authorized connect. With `scope`, the
 * SDK's `auth()` asks for that scope instead of the one the server's 401 advertises.
 */
export async function connectWithOAuth(
  mcpUrl: string,
  admin: { email: string; password: string },
  options: { scope?: string } = {},
): Promise<{ client: Client; provider: TestOAuthProvider }> {
  const provider = new InMemoryOAuthClientProvider({
    clientName: 'Reference server e2e client',
    ...(options.scope ? { scope: options.scope } : {}),
  });
  await authorizeMcpClient({
    mcpUrl,
    user: admin,
    provider,
    ...(options.scope ? { scope: options.scope } : {}),
  });
  const client = new Client({ name: 'e2e', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider }),
  );

  return { client, provider };
}
