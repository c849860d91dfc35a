import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { json, startFakePlatform, type FakePlatform } from '../helpers/fake-platform';
import { ENV_SECRET, runCli } from '../helpers/run-cli';

// docs/platform-protocol.md#cli-errors: how the platform's failures reach the user, against a real
// local HTTP server.
describe('HTTP error translation', () => {
  let platform: FakePlatform;
  let cwd: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    platform = await startFakePlatform();
    cwd = await mkdtemp(join(tmpdir(), 'grove-cloud-http-'));
    env = { GROVE_ENV_SECRET: ENV_SECRET, GROVE_SERVER_URL: platform.url, GROVE_AUTH_TOKEN: 'tok' };
  });
  afterAll(async () => {
    await platform.close();
    await rm(cwd, { recursive: true, force: true });
  });
  beforeEach(() => platform.routes.clear());

  const failWith = (status: number, details: string[]) =>
    platform.routes.set('GET /api/hosted-agent/datasources', (_req, res) =>
      json(res, status, { errors: details.map(detail => ({ status, code: 'X', detail })) }),
    );

  it('sends the env secret, the bearer token and JSON', async () => {
    failWith(500, []);
    await runCli(['update-typings'], { env, cwd });

    expect(platform.requests.at(-1)?.headers).toEqual(
      expect.objectContaining({
        'grove-secret-key': ENV_SECRET,
        authorization: 'Bearer tok',
        'content-type': 'application/json',
      }),
    );
  });

  it('400: the details, each with 🚨', async () => {
    failWith(400, ['name is wrong', 'limit is wrong']);
    const run = await runCli(['update-typings'], { env, cwd });

    expect(run.stderr).toContain('✖ 🚨 name is wrong\n🚨 limit is wrong\n');
    expect(run.exitCode).toBe(1);
  });

  it.each([401, 403])('%s: the context, the details and the login hint', async status => {
    failWith(status, ['Not a member']);
    const run = await runCli(['update-typings'], { env, cwd });

    expect(run.stderr).toContain(
      `✖ Failed to retrieve database schema from the Grove platform: Request failed with status code ${status}\nNot a member You can try to login again by running 'npx grove-cloud login'\n`,
    );
    expect(run.exitCode).toBe(1);
  });

  it('others: the context and the details', async () => {
    failWith(404, ['This environment is not hosted by the platform']);
    const run = await runCli(['update-typings'], { env, cwd });

    expect(run.stderr).toContain(
      '✖ Failed to retrieve database schema from the Grove platform: Request failed with status code 404\nThis environment is not hosted by the platform\n',
    );
    expect(run.exitCode).toBe(1);
  });

  it('a platform that does not answer: the context and the reason', async () => {
    const run = await runCli(['update-typings'], {
      env: { ...env, GROVE_SERVER_URL: 'http://127.0.0.1:9' },
      cwd,
    });

    expect(run.stderr).toContain(
      '✖ Failed to retrieve database schema from the Grove platform: fetch failed',
    );
    expect(run.exitCode).toBe(1);
  });

  it('an answer the CLI cannot read is an unexpected error, pointing to the issue tracker', async () => {
    platform.routes.set('GET /api/hosted-agent/datasources', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{not json');
    });
    const run = await runCli(['update-typings'], { env, cwd });

    expect(run.stderr).toContain(
      '✖ An unexpected error occurred.\nPlease reach out for help on the issue tracker (https://github.com/grove-admin/grove/issues)\n',
    );
    expect(run.exitCode).toBe(1);
  });

  it('--json: one object with the error', async () => {
    failWith(400, ['limit is from 1 to 1000']);
    const run = await runCli(['update-typings', '--json'], { env, cwd });

    expect(JSON.parse(run.stdout)).toEqual({ ok: false, error: '🚨 limit is from 1 to 1000' });
    expect(run.stderr).toBe('');
  });
});
