import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { version } from '../../package.json';
import { ENV_SECRET, runCli } from '../helpers/run-cli';

// The validation list of docs/platform-protocol.md#cli-variables, through the real program.
describe('grove-cloud validation messages', () => {
  let home: string;
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'grove-cloud-validation-'));
  });
  afterAll(() => rm(home, { recursive: true, force: true }));

  const token = { GROVE_AUTH_TOKEN: 'a-token' };

  it.each(['update-typings', 'publish', 'start'])('%s: a missing GROVE_ENV_SECRET', async cmd => {
    const run = await runCli([cmd], { env: token, cwd: home });

    expect(run.stderr).toContain('✖ Missing GROVE_ENV_SECRET. Please check your .env file.\n');
    expect(run.exitCode).toBe(1);
  });

  it.each(['update-typings', 'publish', 'start', 'logs'])(
    '%s: an invalid GROVE_ENV_SECRET',
    async cmd => {
      const run = await runCli([cmd], {
        env: { ...token, GROVE_ENV_SECRET: 'A'.repeat(64) },
        cwd: home,
      });

      expect(run.stderr).toContain(
        '✖ GROVE_ENV_SECRET is invalid. Please check your .env file.\n\tYou can retrieve its value from the environment settings of the Grove console.\n',
      );
      expect(run.exitCode).toBe(1);
    },
  );

  it.each([
    [['bootstrap', 'shop'], 'bootstrap'],
    [['logs'], 'logs'],
  ])('%j: a missing secret names the --env-secret option', async (argv, cmd) => {
    const run = await runCli(argv, { env: token, cwd: home });

    expect(run.stderr).toContain(
      `✖ Your grove env secret is missing. Please provide it with the \`grove-cloud ${cmd} --env-secret <your-secret-key>\` command or add it to your .env file or in environment variables.\n`,
    );
    expect(run.exitCode).toBe(1);
  });

  it('--env-secret overrides GROVE_ENV_SECRET (and is checked)', async () => {
    const run = await runCli(['logs', '--env-secret', 'short'], {
      env: { ...token, GROVE_ENV_SECRET: ENV_SECRET },
      cwd: home,
    });

    expect(run.stderr).toContain('✖ GROVE_ENV_SECRET is invalid.');
    expect(run.exitCode).toBe(1);
  });

  it('an empty GROVE_SERVER_URL is missing', async () => {
    const run = await runCli(['login'], { env: { GROVE_SERVER_URL: '' } });

    expect(run.stderr).toContain('✖ Missing GROVE_SERVER_URL. Please check your .env file.\n');
    expect(run.exitCode).toBe(1);
  });

  it('GROVE_SERVER_URL must parse', async () => {
    const run = await runCli(['login'], { env: { GROVE_SERVER_URL: 'not a url' } });

    expect(run.stderr).toContain(
      '✖ GROVE_SERVER_URL is invalid. Please check your .env file.\nInvalid URL\n',
    );
    expect(run.exitCode).toBe(1);
  });

  it('GROVE_SERVER_URL must be http or https', async () => {
    const run = await runCli(['publish'], {
      env: { ...token, GROVE_ENV_SECRET: ENV_SECRET, GROVE_SERVER_URL: 'ftp://platform' },
    });

    expect(run.stderr).toContain(
      "✖ GROVE_SERVER_URL is invalid, it must start with 'http://' or 'https://'. Please check your .env file.\n",
    );
    expect(run.exitCode).toBe(1);
  });

  it('--json without any token: missing authentication token (no interactive login in CI)', async () => {
    const run = await runCli(['--json', 'publish'], {
      env: { GROVE_ENV_SECRET: ENV_SECRET, TOKEN_PATH: home },
    });

    expect(JSON.parse(run.stdout)).toEqual({
      ok: false,
      error: 'Missing authentication token. Your TOKEN_PATH is probably wrong on .env file.',
    });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(1);
  });

  it('package without a build: no built customization found', async () => {
    const run = await runCli(['package'], { cwd: home });

    expect(run.stderr).toContain(
      `✖ No built customization found at ${join(home, 'dist', 'code-customizations')}.\nPlease build your code to build your customizations\n`,
    );
    expect(run.exitCode).toBe(1);
  });

  it('logs: --tail and --from are checked before anything else', async () => {
    const tail = await runCli(['logs', '-n', '2000']);
    const from = await runCli(['logs', '--from', 'last week']);

    expect(tail.stderr).toContain('✖ The --tail (-n) option must be equal or less than 1000\n');
    expect(from.stderr).toContain('✖ The --from (-f) option must be a date');
    expect([tail.exitCode, from.exitCode]).toEqual([1, 1]);
  });

  it('an unknown command', async () => {
    const run = await runCli(['foo']);

    expect(run.stderr).toBe('unknown command foo\n');
    expect(run.exitCode).toBe(1);
  });

  it('-v and --version print the package version (no registry lookup)', async () => {
    const short = await runCli(['-v']);
    const long = await runCli(['--version']);

    expect(short).toEqual(expect.objectContaining({ stdout: `${version}\n`, exitCode: 0 }));
    expect(long.stdout).toBe(`${version}\n`);
  });
});
