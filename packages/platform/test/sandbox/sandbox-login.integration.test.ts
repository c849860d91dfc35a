import { jwtVerify } from 'jose';

import { hashEnvSecret, hashPassword } from '../../src';
import { SANDBOX_USER } from '../../src/sandbox/sandbox-seed';
import type { Platform } from '../../src';
import { discover, loginInBrowser } from '../oidc/helpers/oidc-flows';
import { startBooksAgent } from '../helpers/books-agent';
import type { BooksAgent } from '../helpers/books-agent';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';

const AUTH_SECRET = 'a-sandbox-agent-auth-secret-32-chars';
const ENV_SECRET = 'c'.repeat(64);
const PASSWORD = 'a sandbox password for the login test';

// The sandbox logs users in through the platform's OpenID provider, as the real platform does:
// no stand-in discovery, registration or user info.
describe.each(availableServers())(
  'sandbox mode logs users in through the provider on $name',
  server => {
    let test: TestPlatform;
    let platform: Platform;
    let agent: BooksAgent;
    let agentUrl: string;

    beforeAll(async () => {
      test = await startTestPlatform(server, { mode: 'sandbox', bootstrap: false });
      ({ platform } = test);
      agent = await startBooksAgent({
        serverUrl: platform.url,
        envSecret: ENV_SECRET,
        authSecret: AUTH_SECRET,
      });
      agentUrl = agent.url;
    });
    afterAll(async () => {
      await agent?.stop();
      await test?.stop();
    });

    const models = () => platform.context.db.models;

    it('serves the discovery of the provider, with its signing key', async () => {
      const discovery = await discover(platform.url);
      const jwks = (await (await fetch(`${platform.url}/oidc/jwks`)).json()) as {
        keys: { kty: string }[];
      };

      expect(discovery).toMatchObject({
        issuer: `${platform.url}/oidc`,
        registration_endpoint: `${platform.url}/oidc/reg`,
        jwks_uri: `${platform.url}/oidc/jwks`,
      });
      expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256' })]);
    });

    it("logs the sandbox user in through the agent's /authentication flow, end to end", async () => {
      // The agent's start provisioned its environment; a real login needs its agent URL.
      const environment = await models().Environment.findOne({
        where: { secretHash: hashEnvSecret(ENV_SECRET) },
      });
      await environment!.update({ agentUrl });
      const user = await models().User.findOne({ where: { email: SANDBOX_USER.email } });
      await user!.update({ passwordHash: await hashPassword(PASSWORD) });

      const start = await fetch(`${agentUrl}/forest/authentication`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // The test kit's tokens name rendering 1: the sandbox maps it to the environment's own.
        body: JSON.stringify({ renderingId: 1 }),
      });
      const { authorizationUrl } = (await start.json()) as { authorizationUrl: string };
      expect(new URL(authorizationUrl).searchParams.get('client_id')).toBe('grove-sandbox-client');

      const callbackUrl = `${agentUrl}/forest/authentication/callback`;
      const login = await loginInBrowser(
        authorizationUrl,
        { email: user!.email, password: PASSWORD },
        callbackUrl,
      );
      expect(login.callback).toBeDefined();
      const callback = await fetch(login.callback!);
      expect(callback.status).toBe(200);
      const { token } = (await callback.json()) as { token: string };
      const { payload } = await jwtVerify(token, new TextEncoder().encode(AUTH_SECRET));

      expect(payload).toEqual(
        expect.objectContaining({ id: user!.id, email: user!.email, team: 'admin', role: 'Admin' }),
      );
    });

    it('registers an agent client from forest-secret-key alone, keeping the redirect URI it sent', async () => {
      const secret = 'd'.repeat(64);
      const response = await fetch(`${platform.url}/oidc/reg`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'forest-secret-key': secret },
        body: JSON.stringify({
          token_endpoint_auth_method: 'none',
          redirect_uris: ['http://127.0.0.1:4000/forest/authentication/callback'],
        }),
      });

      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({
        client_id: 'grove-sandbox-client',
        redirect_uris: ['http://127.0.0.1:4000/forest/authentication/callback'],
        grant_types: ['authorization_code'],
      });
      // Its environment was provisioned on the way.
      expect(
        await models().Environment.count({ where: { secretHash: hashEnvSecret(secret) } }),
      ).toBe(1);
    });

    it('still keeps registrations without a secret to device-flow clients, with random ids', async () => {
      const register = (body: unknown) =>
        fetch(`${platform.url}/oidc/reg`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const web = await register({ token_endpoint_auth_method: 'none' });
      const device = await register({
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['urn:ietf:params:oauth:grant-type:device_code'],
      });

      expect(web.status).toBe(400);
      expect(device.status).toBe(201);
      expect(((await device.json()) as { client_id: string }).client_id).not.toBe(
        'grove-sandbox-client',
      );
    });
  },
);
