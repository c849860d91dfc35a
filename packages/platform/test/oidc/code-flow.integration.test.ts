import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import type { Discovery } from './helpers/oidc-flows';
import { discover, loginInBrowser, pkcePair, register, tokenRequest } from './helpers/oidc-flows';

const AGENT_URL = 'http://agent.test:3351';
const CALLBACK = `${AGENT_URL}/forest/authentication/callback`;

describe.each(availableServers())('OIDC code flow on $name', server => {
  let test: TestPlatform;
  let discovery: Discovery;
  let envSecret: string;
  let admin: { email: string; password: string };

  beforeAll(async () => {
    test = await startTestPlatform(server, { bootstrap: { agentUrl: AGENT_URL } });
    const bootstrap = test.platform.bootstrap!;
    envSecret = bootstrap.envSecret;
    admin = { email: bootstrap.adminEmail, password: bootstrap.adminPassword };
    discovery = await discover(test.platform.url);
  });
  afterAll(() => test.stop());

  it('serves discovery under the issuer <publicUrl>/oidc', () => {
    expect(discovery.issuer).toBe(`${test.platform.url}/oidc`);
    expect(discovery.registration_endpoint).toBe(`${test.platform.url}/oidc/reg`);
  });

  it('logs in through the HTML pages and issues RS256 id tokens', async () => {
    const { body: client } = await register(discovery, { token_endpoint_auth_method: 'none' }, envSecret);
    const { verifier, challenge } = pkcePair();
    const url = new URL(discovery.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: client.client_id!,
      scope: 'openid email profile',
      response_type: 'code',
      redirect_uri: CALLBACK,
      state: '{"renderingId":1}',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    const login = await loginInBrowser(url.href, admin, CALLBACK);
    expect(login.callback?.searchParams.get('state')).toBe('{"renderingId":1}');
    const code = login.callback!.searchParams.get('code')!;
    const tokens = await tokenRequest(discovery, {
      grant_type: 'authorization_code',
      code,
      client_id: client.client_id!,
      code_verifier: verifier,
    });
    expect(tokens.status).toBe(200);
    expect(tokens.body).toEqual(expect.objectContaining({ token_type: 'Bearer' }));
  });
});
