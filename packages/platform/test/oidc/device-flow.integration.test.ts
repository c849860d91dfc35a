import { verifyUserAccessToken } from '../../src';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import type { Discovery } from './helpers/oidc-flows';
import { discover, register, tokenRequest } from './helpers/oidc-flows';
import { TestBrowser } from './helpers/test-browser';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

describe.each(availableServers())(
  'OIDC device flow (the CLI login, docs/platform-protocol.md#cli-login) on $name',
  server => {
    let test: TestPlatform;
    let discovery: Discovery;
    let admin: { email: string; password: string };
    let clientId: string;

    beforeAll(async () => {
      test = await startTestPlatform(server);
      const bootstrap = test.platform.bootstrap!;
      admin = { email: bootstrap.adminEmail, password: bootstrap.adminPassword };
      discovery = await discover(test.platform.url);
      const { body } = await register(discovery, {
        name: 'forest-cli',
        client_name: 'Grove CLI <b>',
        application_type: 'native',
        redirect_uris: ['com.forestadmin.cli://authenticate'],
        token_endpoint_auth_method: 'none',
        grant_types: [DEVICE_GRANT],
        response_types: ['none'],
      });
      clientId = body.client_id!;
    });
    afterAll(() => test.stop());

    async function authorizeDevice(): Promise<DeviceAuthorization> {
      const response = await fetch(discovery.device_authorization_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: clientId, scope: 'openid email profile' }),
      });
      expect(response.status).toBe(200);

      return (await response.json()) as DeviceAuthorization;
    }

    /**
     * Opens `verification_uri_complete`: the provider answers a form that carries the code (sent by
     * script, or by its button without script), then the confirmation page.
     */
    async function openConfirmation(browser: TestBrowser, device: DeviceAuthorization) {
      const carrier = await browser.follow(device.verification_uri_complete);
      expect(carrier.body).toContain('<noscript>');

      return browser.submit(carrier);
    }

    const poll = (deviceCode: string) =>
      tokenRequest(discovery, {
        grant_type: DEVICE_GRANT,
        device_code: deviceCode,
        client_id: clientId,
      });

    it('signs the CLI in once the user confirmed the code, signed in and allowed', async () => {
      const device = await authorizeDevice();
      expect(device.verification_uri).toBe(`${test.platform.url}/oidc/device`);
      expect(await poll(device.device_code)).toEqual({
        status: 400,
        body: expect.objectContaining({ error: 'authorization_pending' }),
      });

      const browser = new TestBrowser();
      const confirm = await openConfirmation(browser, device);
      expect(confirm.body).toContain(device.user_code);
      expect(confirm.body).toContain('Grove CLI &lt;b&gt;');
      const login = await browser.submit(confirm, { confirm: 'yes' });
      expect(login.body).toContain('Sign in to Grove');
      const consent = await browser.submit(login, admin);
      expect(consent.body).toContain('Allow access?');
      const done = await browser.submit(consent);
      expect(done.body).toContain('Device signed in');

      const tokens = await poll(device.device_code);
      expect(tokens.status).toBe(200);
      expect(tokens.body).toEqual(
        expect.objectContaining({ access_token: expect.any(String), id_token: expect.any(String) }),
      );
      const user = await test.platform.context.db.models.User.findOne({
        where: { email: admin.email },
      });
      await expect(
        verifyUserAccessToken(test.platform.context, String(tokens.body.access_token)),
      ).resolves.toEqual(
        expect.objectContaining({ userId: user!.id, clientId, environmentId: null }),
      );
      // The device code is single-use.
      expect((await poll(device.device_code)).body.error).toBe('invalid_grant');
    });

    it('asks for the code again when the user types a wrong one, and issues nothing', async () => {
      const device = await authorizeDevice();
      const browser = new TestBrowser();
      const input = await browser.follow(device.verification_uri);
      const wrong = await browser.submit(input, { user_code: 'BCDF-GHJK' });

      expect(wrong.status).toBe(400);
      expect(wrong.body).toContain('This code is unknown or expired');
      expect((await poll(device.device_code)).body.error).toBe('authorization_pending');
    });

    it('refuses the CLI once the user cancels on the confirmation page', async () => {
      const device = await authorizeDevice();
      const browser = new TestBrowser();
      const confirm = await openConfirmation(browser, device);
      await browser.submit(confirm, { abort: 'yes' });

      expect((await poll(device.device_code)).body.error).toBe('access_denied');
    });
  },
);
