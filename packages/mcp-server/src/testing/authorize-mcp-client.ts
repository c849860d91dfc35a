import { GroveError } from '@grove/datasource-toolkit';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

import { InMemoryOAuthClientProvider } from './in-memory-oauth-client-provider';
import { loginAndConsent } from './login-and-consent';
import type { McpTestUser } from './login-and-consent';

/** Options of {@link authorizeMcpClient}. */
export interface AuthorizeMcpClientOptions {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3310/mcp`. */
  readonly mcpUrl: string;
  /** The platform user who signs in and consents. */
  readonly user: McpTestUser;
  /**
   * Ask for this scope through the SDK's `auth()` (as a client that wants less would). Without
   * it, the scope is the one the MCP server's 401 advertises, as an AI client first connecting.
   */
  readonly scope?: string;
  /** The provider to fill (default: a new {@link InMemoryOAuthClientProvider}). */
  readonly provider?: InMemoryOAuthClientProvider;
}

/** What {@link authorizeMcpClient} obtained. */
export interface AuthorizedMcpClient {
  readonly provider: InMemoryOAuthClientProvider;
  /** The tokens the platform issued (`access_token` is the MCP bearer token). */
  readonly tokens: OAuthTokens;
  /** The authorization code that was exchanged. */
  readonly code: string;
}

const unauthorized = (message: string, cause?: unknown) =>
  new GroveError('UnauthorizedError', message, cause === undefined ? {} : { cause });

/**
 * The whole OAuth flow of an AI client against a Grove MCP server, with the official MCP SDK and
 * no browser: the SDK discovers the authorization server, registers the client on the platform
 * and builds the authorization URL with a PKCE challenge; the user signs in and consents on the
 * platform's pages ({@link loginAndConsent}); the SDK exchanges the code with the verifier.
 *
 * @example
 * ```ts
 * const { tokens, provider } = await authorizeMcpClient({ mcpUrl, user: { email, password } });
 * const client = new Client({ name: 'test', version: '1' });
 * await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider }));
 * await fetch(mcpUrl, { method: 'POST', headers: { authorization: `Bearer ${tokens.access_token}` } });
 * ```
 */
export async function authorizeMcpClient(
  options: AuthorizeMcpClientOptions,
): Promise<AuthorizedMcpClient> {
  const { mcpUrl, user, scope } = options;
  const provider = options.provider ?? new InMemoryOAuthClientProvider(scope ? { scope } : {});
  let code: string;
  if (scope) {
    if ((await auth(provider, { serverUrl: mcpUrl, scope })) !== 'REDIRECT') {
      throw unauthorized('The MCP SDK did not start an authorization');
    }
    if (!provider.authorizationUrl) throw unauthorized('The MCP SDK built no authorization URL');
    code = await loginAndConsent(provider.authorizationUrl, user);
    if ((await auth(provider, { serverUrl: mcpUrl, authorizationCode: code })) !== 'AUTHORIZED') {
      throw unauthorized('The MCP SDK did not exchange the authorization code');
    }
  } else {
    const first = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
    // The first connect is refused (401): the SDK registers the client and builds the URL.
    const refused = await new Client({ name: 'grove-mcp-test', version: '1' }).connect(first).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (!(refused instanceof Error) || !/Unauthorized/.test(refused.message)) {
      throw unauthorized('The MCP server did not ask for authorization', refused);
    }
    if (!provider.authorizationUrl) throw unauthorized('The MCP SDK built no authorization URL');
    code = await loginAndConsent(provider.authorizationUrl, user);
    await first.finishAuth(code);
  }
  if (!provider.saved) throw unauthorized('The platform issued no tokens');

  return { provider, tokens: provider.saved, code };
}
