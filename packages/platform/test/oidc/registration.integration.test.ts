import { createEnvironment } from '../../src';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import type { Discovery } from './helpers/oidc-flows';
import { authorizationUrl, discover, register } from './helpers/oidc-flows';
import { TestBrowser } from './helpers/test-browser';

const AGENT_URL = 'http://agent.test:3351';
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const CLI_METADATA = {
  name: 'forest-cli',
  application_type: 'native',
  redirect_uris: ['com.forestadmin.cli://authenticate'],
  token_endpoint_auth_method: 'none',
  grant_types: [DEVICE_GRANT],
  response_types: ['none'],
};

describe.each(availableServers())('OIDC dynamic registration on $name', server => {
  let test: TestPlatform;
  let discovery: Discovery;
  let envSecret: string;

  beforeAll(async () => {
    test = await startTestPlatform(server, { bootstrap: { agentUrl: AGENT_URL } });
    envSecret = test.platform.bootstrap!.envSecret;
    discovery = await discover(test.platform.url);
  });
  afterAll(() => test.stop());

  const clients = () =>
    test.platform.context.db.models.OidcPayload.count({ where: { model: 'Client' } });

  it("registers an agent's client with the env secret: one redirect URI, on the environment's agent", async () => {
    const { status, body } = await register(
      discovery,
      { token_endpoint_auth_method: 'none' },
      envSecret,
    );

    expect(status).toBe(201);
    expect(body).toEqual(
      expect.objectContaining({
        client_id: expect.any(String),
        redirect_uris: [`${AGENT_URL}/forest/authentication/callback`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'none',
        id_token_signed_response_alg: 'RS256',
        grove_environment_id: test.platform.bootstrap!.environment.id,
      }),
    );
    expect(body).not.toHaveProperty('client_secret');
    expect(body).not.toHaveProperty('registration_access_token');
  });

  it('ignores the redirect URIs, fetched URLs and environment an agent asks for', async () => {
    const { body } = await register(
      discovery,
      {
        token_endpoint_auth_method: 'none',
        redirect_uris: ['https://evil.example/cb'],
        jwks_uri: 'http://127.0.0.1:1/jwks',
        sector_identifier_uri: 'http://127.0.0.1:1/sector',
        grove_environment_id: 999,
      },
      envSecret,
    );

    expect(body.redirect_uris).toEqual([`${AGENT_URL}/forest/authentication/callback`]);
    expect(body).not.toHaveProperty('jwks_uri');
    expect(body).not.toHaveProperty('sector_identifier_uri');
    expect(body.grove_environment_id).toBe(test.platform.bootstrap!.environment.id);
  });

  it.each([
    ['an unknown env secret', 'f'.repeat(64)],
    ['a malformed secret', 'not-a-secret'],
    ['the hash of the secret', 'x'],
  ])('refuses %s and stores no client', async (_case, secret) => {
    const before = await clients();
    const { status, body } = await register(
      discovery,
      { token_endpoint_auth_method: 'none' },
      secret,
    );

    expect([status, body.error]).toEqual([401, 'invalid_token']);
    expect(await clients()).toBe(before);
  });

  it('refuses an environment without agent URL', async () => {
    const { envSecret: secret } = await createEnvironment(test.platform.context.db, null, {
      projectId: test.platform.bootstrap!.project.id,
      name: 'No agent yet',
    });
    const { status, body } = await register(
      discovery,
      { token_endpoint_auth_method: 'none' },
      secret,
    );

    expect([status, body.error]).toEqual([400, 'invalid_client_metadata']);
    expect(body.error_description).toContain('no agent URL');
  });

  it("registers the CLI's device-flow client without a token (docs/platform-protocol.md#cli-login)", async () => {
    const { status, body } = await register(discovery, CLI_METADATA);

    expect(status).toBe(201);
    expect(body).toEqual(
      expect.objectContaining({
        client_id: expect.any(String),
        application_type: 'native',
        grant_types: [DEVICE_GRANT],
        token_endpoint_auth_method: 'none',
        response_types: [],
        redirect_uris: [],
      }),
    );
    expect(body).not.toHaveProperty('grove_environment_id');
  });

  it.each([
    [
      'a code-flow client',
      { token_endpoint_auth_method: 'none', redirect_uris: ['https://evil.example/cb'] },
    ],
    ['a web device client', { ...CLI_METADATA, application_type: 'web' }],
    [
      'a confidential device client',
      { ...CLI_METADATA, token_endpoint_auth_method: 'client_secret_basic' },
    ],
    [
      'a device client that also wants the code flow',
      { ...CLI_METADATA, grant_types: [DEVICE_GRANT, 'authorization_code'] },
    ],
  ])('refuses %s without a token and stores nothing', async (_case, metadata) => {
    const before = await clients();
    const { status, body } = await register(discovery, metadata);

    expect([status, body.error]).toEqual([400, 'invalid_client_metadata']);
    expect(await clients()).toBe(before);
  });

  it('never lets an anonymous client claim an environment, nor use the authorization endpoint', async () => {
    const { body } = await register(discovery, { ...CLI_METADATA, grove_environment_id: 1 });
    const browser = new TestBrowser();
    const answer = await browser.follow(
      authorizationUrl(discovery, {
        clientId: body.client_id!,
        redirectUri: 'com.forestadmin.cli://authenticate',
      }),
    );

    expect(body).not.toHaveProperty('grove_environment_id');
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain('Sign in to Grove');
  });
});
