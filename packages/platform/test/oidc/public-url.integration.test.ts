import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';

describe.each(availableServers())('the provider behind a TLS proxy on $name', server => {
  let test: TestPlatform;
  let direct: string;

  beforeAll(async () => {
    test = await startTestPlatform(server, { port: 0, publicUrl: 'https://grove.example' });
    direct = `http://127.0.0.1:${test.platform.port}`;
  });
  afterAll(() => test.stop());

  it('shows URLs of the public URL only, whatever Host and X-Forwarded-* headers say', async () => {
    const response = await fetch(`${direct}/oidc/.well-known/openid-configuration`, {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    });
    const discovery = (await response.json()) as Record<string, string>;

    expect(discovery.issuer).toBe('https://grove.example/oidc');
    expect(discovery.authorization_endpoint).toBe('https://grove.example/oidc/auth');
    expect(discovery.token_endpoint).toBe('https://grove.example/oidc/token');
    expect(JSON.stringify(discovery)).not.toContain('evil.example');
  });

  it('sets Secure cookies when the public URL is https', async () => {
    const secret = test.platform.bootstrap!.envSecret;
    const registration = await fetch(`${direct}/oidc/reg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: '{"token_endpoint_auth_method":"none"}',
    });
    const { client_id: clientId } = (await registration.json()) as { client_id: string };
    const authorize = await fetch(
      `${direct}/oidc/auth?client_id=${clientId}&scope=openid&response_type=code`,
      { redirect: 'manual' },
    );

    expect(authorize.status).toBe(303);
    expect(authorize.headers.get('location')).toMatch(/^\/oidc\/interaction\//);
    expect(authorize.headers.getSetCookie().every(cookie => /;\s*secure/i.test(cookie))).toBe(true);
  });
});
