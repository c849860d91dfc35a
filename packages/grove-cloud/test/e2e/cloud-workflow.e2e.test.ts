import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describeOrSkip } from '@grove/datasource-toolkit/testing';
import { createPlatform, hostedAuthSecret } from '@grove/platform';
import { signSessionToken } from '@grove/platform-client';
import type { Platform } from '@grove/platform';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { Database } from 'sqlite3';

// The whole workflow of the README, with the real `grove-cloud` binary (built by turbo before
// the tests) against a real platform that hosts the agent: login (device flow, approved in
// Chromium), bootstrap, a customization built with esbuild, update-typings, package, publish, the
// hosted agent serving it, logs, a broken bundle refused, and `start` serving it locally.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BIN = join(__dirname, '..', '..', 'dist', 'bin', 'grove-cloud.js');
const ADMIN_PASSWORD = 'cloud-e2e-admin-password';

// Without Chromium (the device login) the workflow's tests are reported skipped, with one line.
const noBrowser = existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM} (device login)`;

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Runs SQL on a SQLite file. */
function sqlite(file: string, sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const db = new Database(file);
    db.exec(sql, error => db.close(() => (error ? reject(error) : resolve())));
  });
}

/** A JSON answer, read loosely: each test asserts the fields it needs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON the test asserts on
type Json = any;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

describeOrSkip(noBrowser, 'grove-cloud workflow against a real platform', () => {
  let root: string;
  let home: string;
  let shop: string;
  let platform: Platform;
  let env: NodeJS.ProcessEnv;

  /** Starts the CLI in `cwd` with the test's environment. */
  const startCli = (args: string[], cwd: string, extra: NodeJS.ProcessEnv = {}) =>
    spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...env, ...extra },
    });

  /** Runs the CLI to its end, answering its questions with `input`. */
  const cli = (args: string[], cwd: string, input = ''): Promise<Run> =>
    new Promise((resolve, reject) => {
      const child = startCli(args, cwd);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', chunk => (stdout += String(chunk)));
      child.stderr.on('data', chunk => (stderr += String(chunk)));
      child.on('error', reject);
      child.on('close', code => resolve({ code, stdout, stderr }));
      child.stdin.end(input);
    });

  /**
   * A session token of the admin (Operations team) for an agent of `environmentId`, signed with
   * that agent's auth secret.
   */
  const adminSessionToken = async (environmentId: number, authSecret: string) => {
    const { db } = platform.context;
    const team = await db.models.Team.findOne({
      where: { projectId: platform.bootstrap!.project.id, name: 'Operations' },
    });
    const rendering = await db.models.Rendering.findOne({
      where: { environmentId, teamId: team!.id },
    });
    const admin = await db.models.User.findOne({
      where: { email: platform.bootstrap!.adminEmail },
    });

    return signSessionToken(
      {
        id: admin!.id,
        email: admin!.email,
        firstName: admin!.firstName,
        lastName: admin!.lastName,
        team: 'Operations',
        role: 'Admin',
        permissionLevel: 'admin',
        renderingId: rendering!.id,
        tags: {},
      },
      { secret: authSecret, expiresInSeconds: 600 },
    );
  };

  /** Calls the hosted agent of the bootstrap environment as the admin. */
  const hostedAgent = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const { db } = platform.context;
    const environment = await db.models.Environment.findByPk(platform.bootstrap!.environment.id);
    const token = await adminSessionToken(
      environment!.id,
      await hostedAuthSecret(db, environment!),
    );
    const response = await fetch(`${environment!.agentUrl}/forest/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

    return { status: response.status, body: (await response.json()) as Json };
  };

  /** The books as the hosted agent lists them, with the computed field. */
  const shoutedTitles = async () => {
    const list = await hostedAgent(
      'GET',
      'books?timezone=UTC&fields[books]=id,title,shoutedTitle&sort=id',
    );
    expect(list.status).toBe(200);

    return list.body.data.map(
      (record: { attributes: Record<string, unknown> }) => record.attributes.shoutedTitle,
    );
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'grove-cloud-e2e-'));
    home = join(root, 'home');
    await mkdir(home);
    shop = join(root, 'shop.sqlite');
    await sqlite(
      shop,
      `CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL, price REAL);
       INSERT INTO books (id, title, price) VALUES (1, 'Dune', 9.5), (2, 'Emma', 7);`,
    );
    platform = await createPlatform({
      port: 0,
      logger: () => undefined,
      database: { url: `sqlite:${join(root, 'platform.sqlite')}` },
      bootstrap: { adminPassword: ADMIN_PASSWORD },
    });
    env = {
      PATH: process.env.PATH,
      HOME: home,
      TOKEN_PATH: home,
      GROVE_SERVER_URL: platform.url,
      NO_COLOR: '1',
    };

    // An admin makes the bootstrap environment hosted, on the shop database.
    const login = await fetch(`${platform.url}/api/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: platform.bootstrap!.adminEmail, password: ADMIN_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const { csrfToken } = ((await login.json()) as { data: { csrfToken: string } }).data;
    const { project, environment } = platform.bootstrap!;
    const hosted = await fetch(
      `${platform.url}/api/admin/projects/${project.id}/environments/${environment.id}/hosted-datasources`,
      {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'main', connectionUri: `sqlite:${shop}` }),
      },
    );
    expect(hosted.status).toBe(201);
  });

  afterAll(async () => {
    await platform?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('logs in with the device flow, approved in the browser', async () => {
    const child = startCli(['login'], root);
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', chunk => {
        output += String(chunk);
        const found = /(https?:\/\/\S+\/oidc\/device\S*)/.exec(output);
        if (found) resolve(found[1] as string);
      });
      child.on('close', () => reject(new Error(`login ended:\n${output}`)));
    });
    const done = new Promise<number | null>(resolve => child.on('close', resolve));

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    try {
      const page = await browser.newPage();
      await page.goto(url);
      // The page of verification_uri_complete carries the code: confirm, sign in, allow.
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Email').fill(platform.bootstrap!.adminEmail);
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.getByRole('heading', { name: 'Device signed in' }).waitFor();
    } finally {
      await browser.close();
    }

    expect(await done).toBe(0);
    expect(output).toContain('You are now logged in');
    expect(existsSync(join(home, '.grove.d', '.groverc'))).toBe(true);
  });

  let project: string;

  it('bootstraps a project from the template, with typings from the hosted data source', async () => {
    const run = await cli(
      ['bootstrap', 'shop-customizations', '--env-secret', platform.bootstrap!.envSecret],
      root,
    );

    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).toContain('Project successfully bootstrapped');
    project = join(root, 'shop-customizations');
    expect(await readFile(join(project, '.env'), 'utf8')).toContain(
      `GROVE_ENV_SECRET=${platform.bootstrap!.envSecret}`,
    );
    expect(await readFile(join(project, 'typings.d.ts'), 'utf8')).toContain("'books'");
    expect(existsSync(join(project, 'src', 'index.ts'))).toBe(true);
    expect(existsSync(join(project, 'datasources.js'))).toBe(true);
  });

  /** Builds src/index.ts as the template's build script does (esbuild, CommonJS for Node). */
  const buildProject = () =>
    build({
      entryPoints: [join(project, 'src', 'index.ts')],
      outfile: join(project, 'dist', 'code-customizations', 'index.js'),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['@grove/grove-cloud'],
      logLevel: 'silent',
    });

  it('builds a customization, and update-typings shows its new field', async () => {
    await writeFile(
      join(project, 'src', 'index.ts'),
      `import type { Agent } from '@grove/grove-cloud';
import type { Schema } from '../typings';

export default function customizeAgent(agent: Agent<Schema>) {
  agent.customizeCollection('books', books => {
    books.addField('shoutedTitle', {
      columnType: 'String',
      dependencies: ['title'],
      getValues: records => records.map(record => String(record.title).toUpperCase()),
    });
    books.addAction('Mark as read', {
      scope: 'Single',
      execute: (_context, resultBuilder) => resultBuilder.success('Read'),
    });
  });
}
`,
    );
    await buildProject();
    const run = await cli(['update-typings'], project);

    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).toContain('Your typings have been updated');
    expect(await readFile(join(project, 'typings.d.ts'), 'utf8')).toContain("'shoutedTitle'");
  });

  it('packages and publishes: the hosted agent serves the new field and action', async () => {
    const packaged = await cli(['package'], project);
    expect(packaged.code).toBe(0);
    expect(existsSync(join(project, 'dist', 'code-customizations.zip'))).toBe(true);

    const published = await cli(['publish', '--force'], project);
    expect(published.stdout + published.stderr).toContain('Code customizations published');
    expect(published.code).toBe(0);

    expect(await shoutedTitles()).toEqual(['DUNE', 'EMMA']);
    const action = await hostedAgent('POST', '_actions/books/0/mark-as-read?timezone=UTC', {
      data: {
        type: 'custom-action-requests',
        attributes: { collection_name: 'books', ids: ['1'], values: {} },
      },
    });
    expect(action.status).toBe(200);
    expect(action.body).toMatchObject({ success: 'Read' });
  });

  it('shows the hosted agent start in the logs', async () => {
    const run = await cli(['logs', '-n', '50'], project);

    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).toContain('Agent started');
  });

  it('refuses a broken bundle and keeps the previous agent serving', async () => {
    const good = await readFile(join(project, 'src', 'index.ts'), 'utf8');
    await writeFile(
      join(project, 'src', 'index.ts'),
      "export default function customizeAgent() {\n  throw new Error('broken on purpose');\n}\n",
    );
    await buildProject();
    expect((await cli(['package'], project)).code).toBe(0);
    const published = await cli(['publish', '--force'], project);

    expect(published.code).toBe(1);
    expect(published.stdout + published.stderr).toContain('Something went wrong');
    expect(published.stdout + published.stderr).toContain('broken on purpose');
    expect(await shoutedTitles()).toEqual(['DUNE', 'EMMA']);
    await writeFile(join(project, 'src', 'index.ts'), good);
    await buildProject();
  });

  it('starts the customization locally, on the personal development environment', async () => {
    const port = await freePort();
    await writeFile(
      join(project, 'datasources.js'),
      `module.exports = () => ({ main: { connectionOptions: { uri: 'sqlite:${shop}' } } });\n`,
    );
    const child = startCli(['start'], project, { PORT: String(port) });
    try {
      let served = 0;
      for (let attempt = 0; attempt < 100 && served !== 200; attempt += 1) {
        await new Promise(resolve => setTimeout(resolve, 200));
        served = await fetch(`http://127.0.0.1:${port}/forest`).then(
          response => response.status,
          () => 0,
        );
      }
      expect(served).toBe(200);

      // The local agent serves the built customization, on the user's development environment.
      const { db } = platform.context;
      const development = await db.models.Environment.findOne({
        where: { name: `Development (${platform.bootstrap!.adminEmail})` },
      });
      // The fixed development auth secret of `start` (the sheet's, as the vendor's CLI has it).
      const token = await adminSessionToken(development!.id, 'dev8environment'.repeat(8));
      const list = await fetch(
        `http://127.0.0.1:${port}/forest/books?timezone=UTC&fields[books]=id,shoutedTitle&sort=id`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(list.status).toBe(200);
      const body = (await list.json()) as Json;
      expect(
        body.data.map(
          (record: { attributes: Record<string, unknown> }) => record.attributes.shoutedTitle,
        ),
      ).toEqual(['DUNE', 'EMMA']);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
