// The test-only surface of @grove/mcp-server (`@grove/mcp-server/testing`), written out by hand:
// an AI client's OAuth flow against a Grove MCP server and its platform, without a browser.

export { authorizeMcpClient } from './authorize-mcp-client';
export type { AuthorizeMcpClientOptions, AuthorizedMcpClient } from './authorize-mcp-client';
export {
  InMemoryOAuthClientProvider,
  MCP_TEST_REDIRECT_URI,
} from './in-memory-oauth-client-provider';
export type { InMemoryOAuthClientProviderOptions } from './in-memory-oauth-client-provider';
export { loginAndConsent } from './login-and-consent';
export type { McpTestUser } from './login-and-consent';
