import { readStandaloneConfig } from '../../src/standalone/read-standalone-config';

const base = {
  GROVE_SERVER_URL: 'https://platform.example.com',
  GROVE_ENV_SECRET: 'a'.repeat(64),
};

describe('readStandaloneConfig', () => {
  it('reads the defaults: port 3931, localhost advertised, no caps, any client', () => {
    const config = readStandaloneConfig({ ...base });
    expect(config.port).toBe(3931);
    expect(config.router).toEqual({
      serverUrl: 'https://platform.example.com',
      envSecret: 'a'.repeat(64),
      publicUrl: 'http://localhost:3931',
      tokenTtl: {},
    });
  });

  it('reads every option', () => {
    const config = readStandaloneConfig({
      ...base,
      GROVE_AUTH_SECRET: 'x'.repeat(32),
      MCP_SERVER_PORT: '4000',
      GROVE_MCP_SERVER_URL: 'https://mcp.example.com/',
      GROVE_AGENT_URL: 'http://agent.internal:3351',
      GROVE_MCP_ENABLED_TOOLS: 'list, create',
      GROVE_MCP_ALLOWED_OAUTH_CLIENTS: 'claude.ai, Dust.tt',
      GROVE_MCP_ACCESS_TOKEN_TTL_SECONDS: '900',
      GROVE_MCP_REFRESH_TOKEN_TTL_SECONDS: '86400',
    });
    expect(config.port).toBe(4000);
    expect(config.router).toEqual(
      expect.objectContaining({
        publicUrl: 'https://mcp.example.com',
        agentUrl: 'http://agent.internal:3351',
        enabledTools: ['list', 'create'],
        allowedOAuthClients: ['claude.ai', 'dust.tt'],
        tokenTtl: { accessTokenSeconds: 900, refreshTokenSeconds: 86400 },
      }),
    );
  });

  it.each([
    [{ GROVE_SERVER_URL: undefined }, 'GROVE_SERVER_URL is not set'],
    [{ GROVE_SERVER_URL: 'ftp://x' }, 'GROVE_SERVER_URL must be an http(s) URL'],
    [{ GROVE_ENV_SECRET: 'short' }, 'GROVE_ENV_SECRET must be the environment secret'],
    [{ GROVE_AUTH_SECRET: 'short' }, 'GROVE_AUTH_SECRET must be at least 32 characters'],
    [{ MCP_SERVER_PORT: '70000' }, 'MCP_SERVER_PORT must be an integer between 0 and 65535'],
    [{ MCP_SERVER_PORT: '12ab' }, 'MCP_SERVER_PORT must be an integer'],
    [{ MCP_SERVER_PORT: '0' }, 'MCP_SERVER_PORT 0 needs GROVE_MCP_SERVER_URL'],
    [{ GROVE_MCP_SERVER_URL: 'https://h/mcp' }, 'GROVE_MCP_SERVER_URL must be an origin only'],
    [{ GROVE_AGENT_URL: 'not a url' }, 'GROVE_AGENT_URL is not a URL'],
    [
      { GROVE_MCP_ALLOWED_OAUTH_CLIENTS: 'https://dust.tt' },
      'GROVE_MCP_ALLOWED_OAUTH_CLIENTS is invalid',
    ],
    [
      { GROVE_MCP_ACCESS_TOKEN_TTL_SECONDS: '' },
      'GROVE_MCP_ACCESS_TOKEN_TTL_SECONDS must be a positive integer',
    ],
    [
      { GROVE_MCP_REFRESH_TOKEN_TTL_SECONDS: '-5' },
      'GROVE_MCP_REFRESH_TOKEN_TTL_SECONDS must be a positive integer',
    ],
  ])('refuses %p with an error naming the variable', (override, message) => {
    expect(() => readStandaloneConfig({ ...base, ...override })).toThrow(message);
  });

  it('treats an empty allowlist variable as unset (any client)', () => {
    expect(
      readStandaloneConfig({ ...base, GROVE_MCP_ALLOWED_OAUTH_CLIENTS: '' }).router,
    ).not.toHaveProperty('allowedOAuthClients');
  });
});
