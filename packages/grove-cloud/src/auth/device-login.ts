import { BusinessError } from '../errors/business-error';
import type { CliDeps } from '../cli/cli-deps';
import type { Reporter } from '../cli/reporter';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

interface Discovery {
  readonly registration_endpoint: string;
  readonly device_authorization_endpoint: string;
  readonly token_endpoint: string;
}

interface DeviceAuthorization {
  readonly device_code: string;
  readonly user_code: string;
  readonly verification_uri: string;
  readonly verification_uri_complete?: string;
  readonly expires_in: number;
  readonly interval?: number;
}

async function call<T>(deps: CliDeps, url: string, init: RequestInit, what: string): Promise<T> {
  let response: Response;
  try {
    response = await deps.fetch(url, init);
  } catch (error) {
    throw new BusinessError(`Login failed: ${what}: ${(error as Error).message}`, { cause: error });
  }
  const body = (await response.json().catch(() => ({}))) as T & { error_description?: string };
  if (!response.ok) {
    throw new BusinessError(
      `Login failed: ${what}: ${body.error_description ?? `status ${response.status}`}`,
    );
  }

  return body;
}

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields),
});

/**
 * Logs the user in with the platform's OAuth device flow (RFC 8628): discovery, an anonymous
 * client registration, the device authorization (`openid email profile`), the URL and code shown
 * to the user, then polling of the token endpoint (`interval`, `slow_down`, `expired_token`).
 * Resolves with the access token.
 *
 * @example
 * ```ts
 * const token = await deviceLogin(deps, reporter, 'http://localhost:3352');
 * ```
 */
export async function deviceLogin(
  deps: CliDeps,
  reporter: Reporter,
  serverUrl: string,
): Promise<string> {
  const sleep = deps.sleep ?? (ms => new Promise<void>(resolve => setTimeout(resolve, ms)));
  const discovery = await call<Discovery>(
    deps,
    `${serverUrl}/oidc/.well-known/openid-configuration`,
    {},
    'discovery',
  );
  const client = await call<{ client_id: string }>(
    deps,
    discovery.registration_endpoint,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'grove-cloud',
        application_type: 'native',
        redirect_uris: ['com.grove.cli://authenticate'],
        token_endpoint_auth_method: 'none',
        grant_types: [DEVICE_GRANT],
        response_types: ['none'],
      }),
    },
    'client registration',
  );
  const device = await call<DeviceAuthorization>(
    deps,
    discovery.device_authorization_endpoint,
    form({ client_id: client.client_id, scope: 'openid email profile' }),
    'device authorization',
  );
  reporter.notice(
    `Open ${device.verification_uri_complete ?? device.verification_uri} in your browser, and check that it shows the code ${device.user_code}.`,
  );
  reporter.start('Waiting for your confirmation in the browser');

  let interval = (device.interval ?? 5) * 1000;
  const deadline = deps.now().getTime() + device.expires_in * 1000;
  while (deps.now().getTime() < deadline) {
    await sleep(interval);
    const response = await deps.fetch(
      discovery.token_endpoint,
      form({
        grant_type: DEVICE_GRANT,
        device_code: device.device_code,
        client_id: client.client_id,
      }),
    );
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      error?: string;
      error_description?: string;
    };
    if (response.ok && body.access_token) return body.access_token;
    if (body.error === 'authorization_pending') continue;
    if (body.error === 'slow_down') {
      interval += 5000;
      continue;
    }
    if (body.error === 'expired_token') break;
    if (body.error === 'access_denied') throw new BusinessError('Login failed: access denied');
    throw new BusinessError(
      `Login failed: ${body.error_description ?? body.error ?? `status ${response.status}`}`,
    );
  }
  throw new BusinessError('Login failed: the code expired. Please run the command again.');
}
