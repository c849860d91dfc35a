import { createHash, generateKeyPairSync } from 'node:crypto';
import { createPlatformClient } from '../../src';
import { signIdToken } from '../../src/auth/id-token';
import type { PlatformClient } from '../../src';
import { secret, startServer } from '../helpers/test-server';
import type { TestServer } from '../helpers/test-server';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const sign = (claims: Record<string, unknown>, kid = 'k1') =>
  signIdToken(claims, { privateKey, kid });

describe('OidcLogin', () => {
  let server: TestServer;
  let client: PlatformClient;
  let registrationStatus = 201;
  let idToken: (issuer: string) => Promise<string> | undefined;

  beforeAll(async () => {
    server = await startServer(app => {
      app.get('/oidc/.well-known/openid-configuration', (_req, res) => {
        res.json({
          issuer: server.url,
          authorization_endpoint: `${server.url}/oidc/auth`,
          token_endpoint: `${server.url}/oidc/token`,
          registration_endpoint: `${server.url}/oidc/reg`,
          jwks_uri: `${server.url}/oidc/jwks`,
        });
      });
      app.post('/oidc/reg', (_req, res) => {
        res
          .status(registrationStatus)
          .json({ client_id: 'c1', redirect_uris: ['http://agent/cb'] });
      });
      app.post('/oidc/token', async (_req, res) => {
        res.json({ access_token: 'at-1', id_token: await idToken(server.url) });
      });
      app.get('/oidc/jwks', (_req, res) => {
        res.json({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256' }] });
      });
      app.get('/liana/v2/renderings/:id/authorization', (req, res) => {
        if (req.params.id === '403') {
          res.status(403).json({ errors: [{ detail: 'Not allowed on this rendering' }] });

          return;
        }
        res.json({
          data: {
            id: '12',
            attributes: {
              email: 'ada@example.com',
              first_name: 'Ada',
              last_name: 'Lovelace',
              teams: ['Operations', 'Other'],
              role: 'Admin',
              permission_level: 'admin',
              tags: [{ key: 'region', value: 'EU' }],
            },
          },
        });
      });
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    registrationStatus = 201;
    const now = Math.floor(Date.now() / 1000);
    idToken = issuer => sign({ iss: issuer, aud: 'c1', sub: '12', iat: now, exp: now + 60 });
    client = createPlatformClient({ serverUrl: server.url, envSecret: secret });
  });

  it('discovers with the secret, registers with the secret as Bearer, builds the URL', async () => {
    const url = new URL(await client.login.getAuthorizationUrl(34));
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/oidc/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'c1',
      scope: 'openid email profile',
      response_type: 'code',
      redirect_uri: 'http://agent/cb',
      state: expect.stringMatching(/^\{"renderingId":34,"pkce":"[A-Za-z0-9_-]{22}"\}$/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
    });
    const [discovery, registration] = server.requests;
    expect(discovery?.headers['forest-secret-key']).toBe(secret);
    expect(registration).toMatchObject({
      method: 'POST',
      path: '/oidc/reg',
      body: { token_endpoint_auth_method: 'none' },
    });
    expect(registration?.headers.authorization).toBe(`Bearer ${secret}`);
    await client.login.getAuthorizationUrl(35);
    expect(server.requests).toHaveLength(2);
  });

  it('retries a failed registration on the next login (a non-201 is a failure)', async () => {
    registrationStatus = 200;
    await expect(client.login.getAuthorizationUrl(34)).rejects.toMatchObject({
      data: { status: 200 },
    });
    registrationStatus = 201;
    await expect(client.login.getAuthorizationUrl(34)).resolves.toContain('client_id=c1');
  });

  it('exchanges the code, verifies the id token and returns the user to sign', async () => {
    const user = await client.login.loginWithCode('code-1', '{"renderingId":34}');
    expect(user).toEqual({
      id: 12,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      team: 'Operations',
      role: 'Admin',
      permissionLevel: 'admin',
      renderingId: 34,
      tags: { region: 'EU' },
    });
    const token = server.requests.find(r => r.path === '/oidc/token');
    expect(token?.body).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      client_id: 'c1',
    });
    expect(token?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const info = server.requests.find(r => r.path === '/liana/v2/renderings/34/authorization');
    expect(info?.headers['forest-token']).toBe('at-1');
    expect(info?.headers['forest-secret-key']).toBe(secret);
  });

  it('sends the PKCE verifier rebuilt from the nonce of the state', async () => {
    const url = new URL(await client.login.getAuthorizationUrl(34));
    await client.login.loginWithCode('code-2', url.searchParams.get('state')!);
    const body = server.requests.find(r => r.path === '/oidc/token')?.body as Record<
      string,
      string
    >;
    const verifier = body.code_verifier;

    expect(createHash('sha256').update(String(verifier)).digest('base64url')).toBe(
      url.searchParams.get('code_challenge'),
    );
  });

  it('gives each authorization URL its own PKCE challenge', async () => {
    const first = new URL(await client.login.getAuthorizationUrl(34));
    const second = new URL(await client.login.getAuthorizationUrl(34));

    expect(first.searchParams.get('code_challenge')).not.toBe(
      second.searchParams.get('code_challenge'),
    );
  });

  it('rebuilds no verifier from a malformed nonce', async () => {
    await client.login.loginWithCode('code-3', '{"renderingId":34,"pkce":"short"}');

    expect(server.requests.find(r => r.path === '/oidc/token')?.body).not.toHaveProperty(
      'code_verifier',
    );
  });

  it.each([
    ['no id token', () => undefined, 'id_token not present in the token set'],
    [
      'a wrong issuer',
      () => sign({ iss: 'x', aud: 'c1', sub: '1', iat: 1, exp: 4e9 }),
      'iss is not',
    ],
    [
      'a wrong audience',
      (iss: string) => sign({ iss, aud: 'c2', sub: '1', iat: 1, exp: 4e9 }),
      'aud is not c1',
    ],
    [
      'an expired token',
      (iss: string) => sign({ iss, aud: 'c1', sub: '1', iat: 1, exp: 2 }),
      'expired',
    ],
    [
      'an unknown key',
      (iss: string) => sign({ iss, aud: 'c1', sub: '1', iat: 1, exp: 4e9 }, 'k9'),
      'no key k9',
    ],
    [
      'a forged signature',
      async (iss: string) => `${await sign({ iss, aud: 'c1', sub: '1', iat: 1, exp: 4e9 })}x`,
      'bad signature',
    ],
  ])('refuses %s', async (_case, token, message) => {
    idToken = token;
    await expect(client.login.exchangeCode('c')).rejects.toMatchObject({
      code: 'UnauthorizedError',
      message: expect.stringContaining(message),
    });
  });

  it('passes a 403 of the user info as a ForbiddenError', async () => {
    await expect(client.login.loginWithCode('c', '{"renderingId":403}')).rejects.toMatchObject({
      code: 'ForbiddenError',
      message: `the platform at ${server.url}/liana/v2/renderings/403/authorization answered 403: Not allowed on this rendering`,
    });
  });

  it('refuses a state without a rendering id', async () => {
    await expect(client.login.loginWithCode('c', 'nope')).rejects.toMatchObject({
      code: 'BadRequestError',
    });
  });

  it('names the URL when the platform is unreachable', async () => {
    const offline = createPlatformClient({ serverUrl: 'http://127.0.0.1:1', envSecret: secret });
    await expect(offline.login.getAuthorizationUrl(1)).rejects.toThrow(
      'cannot reach the platform at http://127.0.0.1:1/oidc/.well-known/openid-configuration',
    );
  });
});
