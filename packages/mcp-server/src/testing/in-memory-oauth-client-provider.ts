import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/**
 * Where a test's AI client says it listens. Never reached: {@link loginAndConsent} reads the
 * authorization code off the redirect to it.
 */
export const MCP_TEST_REDIRECT_URI = 'http://localhost:6274/oauth/callback';

/** Options of {@link InMemoryOAuthClientProvider}. */
export interface InMemoryOAuthClientProviderOptions {
  /** The scope the client registers with (default: every MCP scope). */
  readonly scope?: string;
  /** The client's name on the platform's consent page (default `Grove MCP test client`). */
  readonly clientName?: string;
}

/**
 * The MCP SDK's OAuth client provider, kept in memory: the registered client, the tokens, the
 * PKCE verifier and the authorization URL the SDK built are public fields a test reads (the
 * browser step is {@link loginAndConsent}'s).
 *
 * @example
 * ```ts
 * const provider = new InMemoryOAuthClientProvider({ scope: 'mcp:read' });
 * const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
 * ```
 */
export class InMemoryOAuthClientProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  private readonly scope: string;
  private readonly clientName: string;

  constructor(options: InMemoryOAuthClientProviderOptions = {}) {
    this.scope = options.scope ?? 'mcp:read mcp:write mcp:action';
    this.clientName = options.clientName ?? 'Grove MCP test client';
  }

  get redirectUrl(): string {
    return MCP_TEST_REDIRECT_URI;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.clientName,
      redirect_uris: [MCP_TEST_REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: this.scope,
    };
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.client = client;
  }

  tokens(): OAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }
}
