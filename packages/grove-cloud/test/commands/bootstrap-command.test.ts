import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { json, startFakePlatform, type FakePlatform } from '../helpers/fake-platform';
import { ENV_SECRET, runCli } from '../helpers/run-cli';

describe('bootstrap and start', () => {
  let platform: FakePlatform;
  let cwd: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    platform = await startFakePlatform();
  });
  afterAll(() => platform.close());
  beforeEach(async () => {
    cwd = await mkdtemp(join(tmpdir(), 'grove-cloud-bootstrap-'));
    env = { GROVE_SERVER_URL: platform.url, GROVE_AUTH_TOKEN: 'tok', TOKEN_PATH: cwd };
    platform.routes.set('GET /api/hosted-agent/last-published-code-details', (_req, res) =>
      json(res, 200, null),
    );
    platform.routes.set('GET /api/hosted-agent/datasources', (_req, res) =>
      json(res, 200, [{ introspection: { tables: [] }, datasourceSuffix: null, datasourceId: 1 }]),
    );
  });
  afterEach(() => rm(cwd, { recursive: true, force: true }));

  it('creates the project: .env, src/index.ts, datasources.js, typings.d.ts', async () => {
    const run = await runCli(['bootstrap', 'shop', '--env-secret', ENV_SECRET], { env, cwd });

    expect(run.stdout).toContain(
      '✔ Project successfully bootstrapped. You can start creating your customizations!\n',
    );
    expect(run.exitCode).toBe(0);
    const project = join(cwd, 'shop');
    expect(await readFile(join(project, '.env'), 'utf8')).toContain(
      `GROVE_ENV_SECRET=${ENV_SECRET}\n`,
    );
    for (const file of ['src/index.ts', 'datasources.js', 'typings.d.ts', 'package.json']) {
      expect(existsSync(join(project, file))).toBe(true);
    }
  });

  it('refuses an existing folder, and keeps it', async () => {
    await mkdir(join(cwd, 'shop'));
    const run = await runCli(['bootstrap', 'shop', '-e', ENV_SECRET], { env, cwd });

    expect(run.stderr).toContain('✖ You have already a "shop" folder\n');
    expect(run.exitCode).toBe(1);
    expect(existsSync(join(cwd, 'shop'))).toBe(true);
  });

  it('removes the folder when a step fails', async () => {
    platform.routes.set('GET /api/hosted-agent/datasources', (_req, res) =>
      json(res, 500, { errors: [{ status: 500, code: 'Internal', detail: 'Boom' }] }),
    );
    const run = await runCli(['bootstrap', 'shop', '-e', ENV_SECRET], { env, cwd });

    expect(run.stderr).toContain(
      '✖ Bootstrap failed: Failed to retrieve database schema from the Grove platform: Request failed with status code 500\nBoom\n',
    );
    expect(run.exitCode).toBe(1);
    expect(existsSync(join(cwd, 'shop'))).toBe(false);
  });

  it('asks before bootstrapping over published code; anything but yes/y aborts', async () => {
    platform.routes.set('GET /api/hosted-agent/last-published-code-details', (_req, res) =>
      json(res, 200, {
        date: '2026-03-01',
        relativeDate: '9 days ago',
        user: { name: 'Ada', email: 'ada@example.com' },
      }),
    );
    const refused = await runCli(['bootstrap', 'shop', '-e', ENV_SECRET], {
      env,
      cwd,
      answers: ['nope'],
    });
    expect(refused.stderr).toContain(
      '⚠ If you continue it will bootstrap a new customization project from scratch\n',
    );
    expect(refused.questions).toEqual(['Do you want to continue? (yes/no) ']);
    expect(refused.stderr).toContain('✖ Operation aborted\n');
    expect(refused.exitCode).toBe(1);

    const accepted = await runCli(['bootstrap', 'shop', '-e', ENV_SECRET], {
      env,
      cwd,
      answers: ['Y'],
    });
    expect(accepted.exitCode).toBe(0);
  });

  it('start: stores the development secret, then generates a missing datasources.js', async () => {
    platform.routes.set('POST /api/hosted-agent/development-environment-for-user', (_req, res) =>
      json(res, 200, { data: { attributes: { secret_key: 'b'.repeat(64) } } }),
    );
    const run = await runCli(['start'], {
      env: { ...env, GROVE_ENV_SECRET: ENV_SECRET, PORT: '4567' },
      cwd,
    });
    const path = join(cwd, 'datasources.js');

    expect(run.stderr).toContain(
      `✖ Could not find configuration for your local datasource connection options. A new file (${path}) has been generated. Please complete it with your local database credentials.\n`,
    );
    expect(run.exitCode).toBe(1);
    expect(existsSync(path)).toBe(true);
    expect(JSON.parse(platform.requests.at(-1)!.body.toString())).toEqual({
      endpoint: 'http://localhost:4567',
    });
    expect(JSON.parse(await readFile(join(cwd, '.grove.d', '.environments.json'), 'utf8'))).toEqual(
      {
        [ENV_SECRET]: 'b'.repeat(64),
      },
    );
  });
});
