import { loginBootstrapAdmin } from '../helpers/admin-client';
import type { AdminClient, AdminResponse } from '../helpers/admin-client';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import { dumpPlatformTables } from './dump-platform-tables';

/** About 12 KB of nested arrays: under every size limit, far over the depth limit. */
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepRegistration = `{"redirect_uris":${nested(6000)},"client_name":"deep"}`;
const registration = {
  client_name: 'legit',
  redirect_uris: ['https://client.example/callback'],
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
};

// Issue 35, "Inputs": depth is bounded before any parser or library sees a body.
describe.each(availableServers())('request bodies are bounded in depth on $name', server => {
  let test: TestPlatform;
  let admin: AdminClient;

  beforeAll(async () => {
    test = await startTestPlatform(server);
    admin = await loginBootstrapAdmin(test.platform);
  });
  afterAll(() => test.stop());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${test.platform.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    }).then(async response => ({
      status: response.status,
      body: (await response.json()) as AdminResponse['body'],
    }));

  it('POST /oauth/register: 12 KB of nested arrays is an OAuth 400, nothing stored; a real registration still works', async () => {
    const before = await dumpPlatformTables(test.platform);
    const answer = await post('/oauth/register', deepRegistration);
    expect(answer).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: expect.any(String) },
    });
    expect(await dumpPlatformTables(test.platform)).toEqual(before);

    const legit = await post('/oauth/register', JSON.stringify(registration));
    expect([legit.status, legit.body.client_name]).toEqual([201, 'legit']);
  });

  it("the OpenID provider's own registration (/oidc/reg) answers a deep body with an OAuth 400, anonymous or with an env secret, nothing stored", async () => {
    const cli = {
      client_name: 'Grove CLI',
      application_type: 'native',
      redirect_uris: ['com.forestadmin.cli://authenticate'],
      token_endpoint_auth_method: 'none',
      grant_types: ['urn:ietf:params:oauth:grant-type:device_code'],
      response_types: ['none'],
    };
    const agentClient = {
      client_name: 'agent',
      redirect_uris: ['https://agent.example/forest/authentication/callback'],
      token_endpoint_auth_method: 'none',
    };
    const bearer = { authorization: `Bearer ${test.platform.bootstrap!.envSecret}` };
    const before = await dumpPlatformTables(test.platform);
    const anonymous = await post(
      '/oidc/reg',
      `${JSON.stringify(cli).slice(0, -1)},"contacts":${nested(6000)}}`,
    );
    const withSecret = await post(
      '/oidc/reg',
      `{"client_name":"agent","token_endpoint_auth_method":"none","redirect_uris":${nested(6000)}}`,
      bearer,
    );
    const tooLarge = await post(
      '/oidc/reg',
      JSON.stringify({ ...cli, client_name: 'x'.repeat(60 * 1024) }),
    );
    for (const answer of [anonymous, withSecret]) {
      expect(answer).toEqual({
        status: 400,
        body: { error: 'invalid_request', error_description: expect.stringMatching(/nested/) },
      });
    }
    expect([tooLarge.status, tooLarge.body.error]).toEqual([413, 'invalid_request']);
    expect(await dumpPlatformTables(test.platform)).toEqual(before);

    // Legitimate registrations, anonymous (the CLI) and with the env secret (an agent), still work.
    const registered = await post('/oidc/reg', JSON.stringify(cli));
    const agent = await post('/oidc/reg', JSON.stringify(agentClient), bearer);
    expect([registered.status, registered.body.client_name]).toEqual([201, 'Grove CLI']);
    expect([agent.status, agent.body.client_name]).toEqual([201, 'agent']);
  });

  it('the admin API, the login and the agent protocol answer a deep body with their 400', async () => {
    const projectId = test.platform.bootstrap!.project.id;
    const deep = `{"name":${nested(2000)}}`;
    const before = await dumpPlatformTables(test.platform);
    const login = await post('/api/admin/session', `{"email":${nested(2000)}}`);
    const team = await admin.call(
      'POST',
      `/api/admin/projects/${projectId}/teams`,
      JSON.parse(`{"name":${nested(33)}}`),
    );
    const agent = await post('/liana/v1/activity-logs', deep, {
      'forest-secret-key': test.platform.bootstrap!.envSecret,
    });
    expect([login.status, login.body.errors[0].code]).toEqual([400, 'BadRequestError']);
    expect([team.status, team.body.errors[0].code]).toEqual([400, 'BadRequestError']);
    expect([agent.status, agent.body.errors[0].code]).toEqual([400, 'BadRequestError']);
    expect(await dumpPlatformTables(test.platform)).toEqual(before);

    const created = await admin.call('POST', `/api/admin/projects/${projectId}/teams`, {
      name: 'Shallow',
    });
    expect(created.status).toBe(201);
  });
});
