import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isTokenValid } from '../../src/auth/token-store';
import { json, startFakePlatform, type FakePlatform } from '../helpers/fake-platform';
import { ENV_SECRET, runCli } from '../helpers/run-cli';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const jwt = (payload: object) =>
  `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('login (device flow)', () => {
  let platform: FakePlatform;
  let home: string;
  let polls: string[];
  beforeAll(async () => {
    platform = await startFakePlatform();
  });
  afterAll(() => platform.close());
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'grove-cloud-login-'));
    platform.requests.length = 0;
    polls = ['authorization_pending', 'slow_down', 'token'];
    const oidc = `${platform.url}/oidc`;
    platform.routes.set('GET /oidc/.well-known/openid-configuration', (_req, res) =>
      json(res, 200, {
        registration_endpoint: `${oidc}/reg`,
        device_authorization_endpoint: `${oidc}/device/auth`,
        token_endpoint: `${oidc}/token`,
      }),
    );
    platform.routes.set('POST /oidc/reg', (_req, res) => json(res, 201, { client_id: 'cli-1' }));
    platform.routes.set('POST /oidc/device/auth', (_req, res) =>
      json(res, 200, {
        device_code: 'dev-code',
        user_code: 'BCDF-GHJK',
        verification_uri: `${oidc}/device`,
        verification_uri_complete: `${oidc}/device?user_code=BCDF-GHJK`,
        expires_in: 600,
        interval: 1,
      }),
    );
    platform.routes.set('POST /oidc/token', (_req, res) => {
      const next = polls.shift();
      if (next === 'token') json(res, 200, { access_token: 'opaque-access-token' });
      else json(res, 400, { error: next ?? 'expired_token' });
    });
  });
  afterEach(() => rm(home, { recursive: true, force: true }));

  it('registers a device client, shows the URL and code, polls, stores the token (0600)', async () => {
    const run = await runCli(['login'], {
      env: { GROVE_SERVER_URL: platform.url, TOKEN_PATH: home },
    });

    expect(run.stdout).toBe(
      `Open ${platform.url}/oidc/device?user_code=BCDF-GHJK in your browser, and check that it shows the code BCDF-GHJK.\n✔ You are now logged in\n`,
    );
    expect(run.exitCode).toBe(0);
    const registration = JSON.parse(platform.requests[1]!.body.toString()) as Record<
      string,
      unknown
    >;
    expect(registration).toEqual(
      expect.objectContaining({
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: [DEVICE_GRANT],
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(platform.requests[2]!.body.toString()))).toEqual({
      client_id: 'cli-1',
      scope: 'openid email profile',
    });
    const file = join(home, '.grove.d', '.groverc');
    expect(await readFile(file, 'utf8')).toBe('opaque-access-token');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(home, '.grove.d'))).mode & 0o777).toBe(0o700);
  });

  it('an expired code fails the login', async () => {
    polls = ['expired_token'];
    const run = await runCli(['login'], {
      env: { GROVE_SERVER_URL: platform.url, TOKEN_PATH: home },
    });

    expect(run.stderr).toContain(
      '✖ Login failed: the code expired. Please run the command again.\n',
    );
    expect(run.exitCode).toBe(1);
  });

  it('other commands log in first when no valid token is stored', async () => {
    platform.routes.set('GET /api/hosted-agent/logs', (req, res) =>
      json(res, 200, { logs: [], auth: req.headers.authorization }),
    );
    const run = await runCli(['logs'], {
      env: { GROVE_SERVER_URL: platform.url, TOKEN_PATH: home, GROVE_ENV_SECRET: ENV_SECRET },
    });

    expect(run.stdout).toContain('ℹ You are now logged in\n');
    expect(platform.requests.at(-1)?.headers.authorization).toBe('Bearer opaque-access-token');
    expect(run.exitCode).toBe(0);
  });

  it('a token is valid as a JWT without exp or with a future exp', () => {
    const now = new Date('2026-03-10T00:00:00Z');
    expect(isTokenValid(jwt({ sub: '1' }), now)).toBe(true);
    expect(isTokenValid(jwt({ exp: now.getTime() / 1000 + 60 }), now)).toBe(true);
    expect(isTokenValid(jwt({ exp: now.getTime() / 1000 - 60 }), now)).toBe(false);
    expect(isTokenValid('a.b-not-base64-json.c', now)).toBe(false);
  });
});
