import { allowedOriginMatcher, validateAllowedOrigins } from '../../src/http/allowed-origins';
import { startTestAgent } from '../helpers/test-agent';
import type { TestAgent } from '../helpers/test-agent';

const tz = 'timezone=Europe%2FParis';

describe('allowedOriginMatcher', () => {
  it('defaults to the platform origin only in production', () => {
    const isAllowed = allowedOriginMatcher(undefined, {
      serverUrl: 'https://grove.acme.com/some/path',
      isProduction: true,
    });

    expect(isAllowed('https://grove.acme.com')).toBe(true);
    expect(isAllowed('http://localhost:3000')).toBe(false);
    expect(isAllowed('https://app.forestadmin.com')).toBe(false);
    expect(isAllowed('https://grove.acme.com.evil.example')).toBe(false);
  });

  it('adds local development origins outside production', () => {
    const isAllowed = allowedOriginMatcher(undefined, {
      serverUrl: 'https://grove.acme.com',
      isProduction: false,
    });

    expect(
      ['http://localhost:3000', 'http://127.0.0.1:4200', 'https://[::1]'].map(isAllowed),
    ).toEqual([true, true, true]);
    expect(isAllowed('http://localhost.evil.example')).toBe(false);
  });

  it("adds the vendor's hosted frontend when the platform is the vendor's", () => {
    const isAllowed = allowedOriginMatcher(undefined, {
      serverUrl: 'https://api.forestadmin.com',
      isProduction: true,
    });

    expect(isAllowed('https://app.forestadmin.com')).toBe(true);
  });

  it('allows exactly the configured origins and patterns', () => {
    const isAllowed = allowedOriginMatcher(
      ['https://admin.acme.com/', /^https:\/\/[a-z]+\.acme\.dev$/g],
      {
        serverUrl: 'https://grove.acme.com',
        isProduction: false,
      },
    );

    expect(
      [
        'https://admin.acme.com',
        'https://staging.acme.dev',
        'https://staging.acme.dev',
        'https://grove.acme.com',
        'http://localhost:3000',
      ].map(isAllowed),
    ).toEqual([true, true, true, false, false]);
  });

  it.each([['https://acme.com/admin'], ['acme.com'], ['*'], [42]])(
    'refuses the entry %j',
    entry => {
      expect(() => validateAllowedOrigins([entry as string])).toThrow(
        expect.objectContaining({
          code: 'ValidationError',
          message: expect.stringContaining(`The allowedOrigins option holds '${String(entry)}'`),
        }),
      );
    },
  );
});

describe('CORS on a running agent', () => {
  let agent: TestAgent;

  beforeAll(async () => {
    agent = await startTestAgent(undefined, { allowedOrigins: ['https://admin.acme.com'] });
  });
  afterAll(() => agent.stop());

  it('answers a preflight of an allowed origin with the allow headers', async () => {
    const response = await agent
      .http()
      .options('/forest/books')
      .set('Origin', 'https://admin.acme.com')
      .set('Access-Control-Request-Method', 'DELETE')
      .set('Access-Control-Request-Headers', 'authorization');

    expect(response.status).toBe(204);
    expect(response.headers).toEqual(
      expect.objectContaining({
        'access-control-allow-origin': 'https://admin.acme.com',
        'access-control-allow-credentials': 'true',
        'access-control-allow-methods': 'GET,HEAD,PUT,POST,DELETE,PATCH',
        'access-control-allow-headers': 'authorization',
      }),
    );
  });

  it('gives a preflight of another origin no CORS allow header', async () => {
    const response = await agent
      .http()
      .options('/forest/books')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'DELETE')
      .set('Access-Control-Request-Headers', 'authorization')
      .set('Access-Control-Request-Private-Network', 'true');

    expect(response.status).toBe(204);
    expect(
      Object.keys(response.headers).filter(name => name.startsWith('access-control-allow')),
    ).toEqual([]);
  });

  it("does not hand another origin's page a credentialed answer", async () => {
    const response = await agent
      .http()
      .get(`/forest/books/count?${tz}`)
      .set('Origin', 'http://localhost:3000')
      .set('Authorization', `Bearer ${await agent.token()}`);

    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers.vary).toContain('Origin');
  });

  it('allows the platform origin and local development by default', async () => {
    const defaults = await startTestAgent();
    try {
      const platform = await defaults
        .http()
        .options('/forest/books')
        .set('Origin', defaults.platform.url)
        .set('Access-Control-Request-Method', 'GET');
      const evil = await defaults
        .http()
        .options('/forest/books')
        .set('Origin', 'https://evil.example')
        .set('Access-Control-Request-Method', 'GET');

      expect(platform.headers['access-control-allow-origin']).toBe(defaults.platform.url);
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await defaults.stop();
    }
  });
});
