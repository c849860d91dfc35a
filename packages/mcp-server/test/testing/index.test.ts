import * as testing from '../../src/testing';

describe('@grove/mcp-server/testing exports', () => {
  it('exports the OAuth flow helpers, and nothing else', () => {
    expect(Object.keys(testing).sort()).toEqual([
      'InMemoryOAuthClientProvider',
      'MCP_TEST_REDIRECT_URI',
      'authorizeMcpClient',
      'loginAndConsent',
    ]);
  });
});
