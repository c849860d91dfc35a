import { discover, register, tokenRequest } from '../oidc/helpers/oidc-flows';
import { TestBrowser } from '../oidc/helpers/test-browser';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * A device-flow access token (the `grove-cloud` CLI's login, docs/platform-protocol.md#cli-login)
 * through the real flow over HTTP, as `packages/grove-cloud/src/auth/device-login.ts` does it:
 * an anonymous native client registration, the device authorization, then in a browser the code
 * confirmed, the sign-in form and the consent; then the token endpoint polled once.
 *
 * @example
 * ```ts
 * const token = await deviceFlowToken(platform.url, { email, password });
 * ```
 */
export async function deviceFlowToken(
  platformUrl: string,
  credentials: { readonly email: string; readonly password: string },
): Promise<string> {
  const discovery = await discover(platformUrl);
  const { status, body: client } = await register(discovery, {
    client_name: 'grove-cloud',
    application_type: 'native',
    redirect_uris: ['com.grove.cli://authenticate'],
    token_endpoint_auth_method: 'none',
    grant_types: [DEVICE_GRANT],
    response_types: ['none'],
  });
  if (status !== 201) throw new Error(`registration answered ${status}: ${JSON.stringify(client)}`);
  const authorization = await fetch(discovery.device_authorization_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: client.client_id!, scope: 'openid email profile' }),
  });
  if (authorization.status !== 200) {
    throw new Error(`device authorization answered ${authorization.status}`);
  }
  const device = (await authorization.json()) as {
    device_code: string;
    verification_uri_complete: string;
  };

  const browser = new TestBrowser();
  const carrier = await browser.follow(device.verification_uri_complete);
  const confirm = await browser.submit(carrier);
  const login = await browser.submit(confirm, { confirm: 'yes' });
  const consent = await browser.submit(login, { ...credentials });
  const done = await browser.submit(consent);
  if (!done.body.includes('Device signed in')) {
    throw new Error(`the device login did not end signed in: ${done.body.slice(0, 300)}`);
  }
  const tokens = await tokenRequest(discovery, {
    grant_type: DEVICE_GRANT,
    device_code: device.device_code,
    client_id: client.client_id!,
  });
  if (tokens.status !== 200) {
    throw new Error(`token answered ${tokens.status}: ${JSON.stringify(tokens.body)}`);
  }

  return String(tokens.body.access_token);
}
