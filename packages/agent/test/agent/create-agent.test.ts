import { createAgent } from '../../src/create-agent';
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
      }),
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
