import { createAgent } from '../../src/create-agent';
import { resolveAgentOptions } from '../../src/options/agent-options';
import { authSecret, envSecret } from '../helpers/fake-platform';

describe('createAgent options', () => {
  it('fills the defaults', () => {
    const agent = createAgent({ authSecret, envSecret });

    expect(agent.options).toEqual(
      expect.objectContaining({
        isProduction: false,
        loggerLevel: 'Info',
        prefix: '/forest',
        schemaPath: '.grove-schema.json',
        typingsMaxDepth: 5,
        useUnsafeActionEndpoint: false,
        permissionsCacheTtlSeconds: 900,
        exportPageSize: 1000,
        maxExportSize: 1_000_000,
        maxPageSize: 10_000,
        maxBodySize: 50 * 1024 * 1024,
        trustedProxies: [],
        allowedOrigins: undefined,
      }),
    );
  });

  it('reads the platform URL and the standalone port from the environment it is given', () => {
    const env = { GROVE_SERVER_URL: 'https://platform.example.com', PORT: '8080' };

    expect(resolveAgentOptions({ authSecret, envSecret }, env)).toMatchObject({
      serverUrl: 'https://platform.example.com',
      standalonePort: 8080,
    });
    expect(resolveAgentOptions({ authSecret, envSecret }, {})).toMatchObject({
      serverUrl: undefined,
      standalonePort: 3351,
    });
  });

  it('prefers the serverUrl option to GROVE_SERVER_URL', () => {
    const env = { GROVE_SERVER_URL: 'https://platform.example.com' };

    expect(
      resolveAgentOptions({ authSecret, envSecret, serverUrl: 'https://other.example.com' }, env)
        .serverUrl,
    ).toBe('https://other.example.com');
  });

  it('reads sizes with units', () => {
    expect(createAgent({ authSecret, envSecret, maxBodySize: '512kb' }).options.maxBodySize).toBe(
      512 * 1024,
    );
    expect(createAgent({ authSecret, envSecret, maxBodySize: 2048 }).options.maxBodySize).toBe(
      2048,
    );
  });

  it.each([
    [{ envSecret }, 'The authSecret option is required (e.g. GROVE_AUTH_SECRET).'],
    [
      { authSecret: 'short', envSecret },
      'The authSecret option is too short (5 characters): use at least 32 random characters.',
    ],
    [{ authSecret }, 'The envSecret option is required (e.g. GROVE_ENV_SECRET).'],
    [
      { authSecret, envSecret: 'abc' },
      'The envSecret option must be the 64 hexadecimal characters the platform gave your environment.',
    ],
    [
      { authSecret, envSecret, loggerLevel: 'Verbose' },
      "The loggerLevel option must be one of Debug, Info, Warn, Error (got 'Verbose').",
    ],
    [
      { authSecret, envSecret, prefix: 'api?v1' },
      "The prefix option may only hold letters, digits, '_', '-', '~' and '/' (got 'api?v1').",
    ],
    [
      { authSecret, envSecret, maxBodySize: 'lots' },
      `The maxBodySize option must be a positive number of bytes or a size such as '10mb' (got "lots").`,
    ],
    [
      { authSecret, envSecret, maxPageSize: 0 },
      'The maxPageSize option must be a positive integer (got 0).',
    ],
    [
      { authSecret, envSecret, maxExportSize: 1.5 },
      'The maxExportSize option must be a positive integer (got 1.5).',
    ],
    [
      { authSecret, envSecret, trustedProxies: ['10.0.0.0/8', 'proxy.local'] },
      "The trustedProxies option holds 'proxy.local', which is neither an IP address, a CIDR range nor one of loopback, linklocal, uniquelocal.",
    ],
    [
      { authSecret, envSecret, allowedOrigins: ['https://admin.acme.com/login'] },
      "The allowedOrigins option holds 'https://admin.acme.com/login', which is not an origin such as 'https://admin.acme.com' (scheme, host and port only) nor a RegExp.",
    ],
  ])('refuses %j with a clear error', (options, message) => {
    expect(() => createAgent(options as never)).toThrow(message);
  });

  it('normalizes the prefix', () => {
    expect(createAgent({ authSecret, envSecret, prefix: 'api/v1/forest/' }).options.prefix).toBe(
      '/api/v1/forest',
    );
  });

  it.each(['Debug', 'Info', 'Warn', 'Error'] as const)('filters logs at level %s', level => {
    const lines: string[] = [];
    const agent = createAgent({
      authSecret,
      envSecret,
      loggerLevel: level,
      logger: (logLevel, message) => lines.push(`${logLevel}:${message}`),
    });
    for (const logLevel of ['Debug', 'Info', 'Warn', 'Error'] as const) {
      agent.options.logger(logLevel, 'x');
    }
    const order = ['Debug', 'Info', 'Warn', 'Error'];

    expect(lines).toEqual(order.slice(order.indexOf(level)).map(l => `${l}:x`));
  });
});
