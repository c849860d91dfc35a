import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromBuffer, type Entry } from 'yauzl';
import { json, startFakePlatform, type FakePlatform } from '../helpers/fake-platform';
import { ENV_SECRET, runCli } from '../helpers/run-cli';

/** The entries of a zip and their content. */
function readZip(bytes: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files: Record<string, string> = {};
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', chunk => chunks.push(chunk as Buffer));
          stream.on('end', () => {
            files[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

describe('package and publish', () => {
  let platform: FakePlatform;
  let cwd: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    platform = await startFakePlatform();
    cwd = await mkdtemp(join(tmpdir(), 'grove-cloud-publish-'));
    await mkdir(join(cwd, 'dist', 'code-customizations', 'lib'), { recursive: true });
    await writeFile(
      join(cwd, 'dist', 'code-customizations', 'index.js'),
      'module.exports = () => {};\n',
    );
    await writeFile(join(cwd, 'dist', 'code-customizations', 'lib', 'util.js'), 'exports.x = 1;\n');
    env = { GROVE_ENV_SECRET: ENV_SECRET, GROVE_SERVER_URL: platform.url, GROVE_AUTH_TOKEN: 'tok' };
  });
  afterAll(async () => {
    await platform.close();
    await rm(cwd, { recursive: true, force: true });
  });
  beforeEach(() => {
    platform.routes.clear();
    platform.requests.length = 0;
    platform.routes.set('GET /api/hosted-agent/last-published-code-details', (_req, res) =>
      json(res, 200, null),
    );
    platform.routes.set('POST /api/hosted-agent/bundle', (_req, res) =>
      json(res, 201, { bundleId: 7 }),
    );
  });

  const stream = (...events: string[]) =>
    platform.routes.set('POST /api/hosted-agent/publish', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const event of events) res.write(event);
      res.end();
    });

  it('package zips dist/code-customizations under nodejs/customization/', async () => {
    const run = await runCli(['package'], { cwd });
    const { readFile } = await import('node:fs/promises');

    expect(run.stdout).toBe('✔ Code customizations packaged and ready for publish\n');
    expect(run.exitCode).toBe(0);
    expect(await readZip(await readFile(join(cwd, 'dist', 'code-customizations.zip')))).toEqual({
      'nodejs/customization/index.js': 'module.exports = () => {};\n',
      'nodejs/customization/lib/util.js': 'exports.x = 1;\n',
    });
  });

  it('publish uploads the zip, follows the progress and ends deployed', async () => {
    await runCli(['package'], { cwd });
    stream(
      'event: progress\ndata: {"message":"Starting the agent"}\n\n',
      'event: deployed\ndata: {"timestamp":"2026-03-10T15:30:00.000Z"}\n\n',
    );
    const run = await runCli(['publish'], { env, cwd });

    expect(run.stdout).toBe('✔ Code customizations published\n');
    expect(run.stderr).toBe(
      '- Publishing code customizations\n- Publishing code customizations\n- Starting the agent\n',
    );
    expect(run.exitCode).toBe(0);
    const upload = platform.requests.find(request => request.url === '/api/hosted-agent/bundle');
    expect(upload?.headers['content-type']).toBe('application/zip');
    expect(Object.keys(await readZip(upload!.body))).toContain('nodejs/customization/index.js');
    const publish = platform.requests.find(request => request.url === '/api/hosted-agent/publish');
    expect(JSON.parse(publish!.body.toString())).toEqual({ bundleId: 7 });
  });

  it('a refused bundle: "Something went wrong" and exit code 1 (docs/decisions.md#d18-refused-bundle-exits-1)', async () => {
    await runCli(['package'], { cwd });
    stream('event: failed\ndata: {"error":"broken on purpose"}\n\n');
    const run = await runCli(['publish', '--force'], { env, cwd });

    expect(run.stderr).toContain('✖ Something went wrong: broken on purpose\n');
    expect(run.exitCode).toBe(1);
  });

  it('--json prints one object with the deployment time', async () => {
    await runCli(['package'], { cwd });
    stream('event: deployed\ndata: {"timestamp":"2026-03-10T15:30:00.000Z"}\n\n');
    const run = await runCli(['publish', '--force', '--json'], { env, cwd });

    expect(JSON.parse(run.stdout)).toEqual({
      ok: true,
      message: 'Code customizations published',
      timestamp: '2026-03-10T15:30:00.000Z',
    });
    expect(run.stderr).toBe('');
  });

  it('asks before overwriting published code; a refusal aborts', async () => {
    platform.routes.set('GET /api/hosted-agent/last-published-code-details', (_req, res) =>
      json(res, 200, {
        date: '2026-03-01',
        relativeDate: '9 days ago',
        user: { name: 'Ada', email: 'ada@example.com' },
      }),
    );
    const run = await runCli(['publish'], { env, cwd, answers: ['no'] });

    expect(run.stderr).toContain(
      '⚠ There is already deployed customization code on your project\n',
    );
    expect(run.stdout).toContain('ℹ Last code pushed 9 days ago, by Ada (ada@example.com)\n');
    expect(run.stdout).toContain(
      'ℹ For the next time, you can publish your customizations with the --force option to skip this step\n',
    );
    expect(run.questions).toEqual([
      'Do you really want to overwrite these customizations? (yes/no) ',
    ]);
    expect(run.stderr).toContain('✖ Operation aborted\n');
    expect(run.exitCode).toBe(1);
    expect(platform.requests.map(request => request.url)).not.toContain('/api/hosted-agent/bundle');
  });

  it('a missing zip: "Cannot read code-customization zip file", wrapped as a publish failure', async () => {
    await rm(join(cwd, 'dist', 'code-customizations.zip'), { force: true });
    const run = await runCli(['publish', '--force'], { env, cwd });
    const path = join(cwd, 'dist', 'code-customizations.zip');

    expect(run.stderr).toContain(
      `✖ Publish failed: Cannot read code-customization zip file - At path: ${path}\n ENOENT`,
    );
    expect(run.exitCode).toBe(1);
  });

  it('an upload the platform refuses is a publish failure', async () => {
    await runCli(['package'], { cwd });
    platform.routes.set('POST /api/hosted-agent/bundle', (_req, res) =>
      json(res, 400, {
        errors: [
          {
            status: 400,
            code: 'ValidationError',
            detail: 'The bundle has no nodejs/customization/index.js',
          },
        ],
      }),
    );
    const run = await runCli(['publish', '--force'], { env, cwd });

    expect(run.stderr).toContain(
      '✖ Publish failed: 🚨 The bundle has no nodejs/customization/index.js\n',
    );
    expect(run.exitCode).toBe(1);
  });
});
