import { PlatformHttp } from '@grove/platform-client';
import type { PlatformRequest } from '@grove/platform-client';
import { answeredStatus } from '@grove/platform-client/hosting';
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

/** A JSON object answer as a record (`{}` for anything else, as a form answer may be). */
function recordOf(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

/**
 * One call of the device flow on the platform client's `PlatformHttp` (no env secret): its JSON
 * answer, or the answer of a refusal with its status (an OAuth error body).
 */
async function send(
  http: PlatformHttp,
  request: PlatformRequest,
): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    return { status: 200, body: recordOf(await http.request({ ...request, withoutSecret: true })) };
  } catch (error) {
    const status = answeredStatus(error);
    if (status === undefined) throw error;

    return { status, body: recordOf((error as { data?: { body?: unknown } }).data?.body) };
  }
}

async function call<T>(http: PlatformHttp, request: PlatformRequest, what: string): Promise<T> {
  let answer: { status: number; body: Record<string, unknown> };
  try {
    answer = await send(http, request);
  } catch (error) {
    const reason = ((error as { cause?: Error }).cause ?? (error as Error)).message;
    throw new BusinessError(`Login failed: ${what}: ${reason}`, { cause: error });
  }
  const { status, body } = answer;
  if (status < 200 || status >= 300) {
    const description =
      typeof body.error_description === 'string' ? body.error_description : undefined;
    throw new BusinessError(`Login failed: ${what}: ${description ?? `status ${status}`}`);
  }

  return body as T;
}

const form = (path: string, fields: Record<string, string>): PlatformRequest => ({
  method: 'POST',
  path,
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
  const http = new PlatformHttp({ serverUrl, envSecret: '', fetch: deps.fetch });
  const discovery = await call<Discovery>(
    http,
    { method: 'GET', path: `${serverUrl}/oidc/.well-known/openid-configuration` },
    'discovery',
  );
  const client = await call<{ client_id: string }>(
    http,
    {
      method: 'POST',
      path: discovery.registration_endpoint,
      body: {
        client_name: 'grove-cloud',
        application_type: 'native',
        redirect_uris: ['com.grove.cli://authenticate'],
        token_endpoint_auth_method: 'none',
        grant_types: [DEVICE_GRANT],
        response_types: ['none'],
      },
    },
    'client registration',
  );
  const device = await call<DeviceAuthorization>(
    http,
    form(discovery.device_authorization_endpoint, {
      client_id: client.client_id,
      scope: 'openid email profile',
    }),
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
    const { status, body } = await send(
      http,
      form(discovery.token_endpoint, {
        grant_type: DEVICE_GRANT,
        device_code: device.device_code,
        client_id: client.client_id,
      }),
    );
    const text = (field: string) => (typeof body[field] === 'string' ? body[field] : undefined);
    const accessToken = text('access_token');
    if (status === 200 && accessToken) return accessToken;
    if (text('error') === 'authorization_pending') continue;
    if (text('error') === 'slow_down') {
      interval += 5000;
      continue;
    }
    if (text('error') === 'expired_token') break;
    if (text('error') === 'access_denied') throw new BusinessError('Login failed: access denied');
    throw new BusinessError(
      `Login failed: ${text('error_description') ?? text('error') ?? `status ${status}`}`,
    );
  }
  throw new BusinessError('Login failed: the code expired. Please run the command again.');
}
