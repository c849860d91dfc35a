import { json, startFakePlatform, type FakePlatform } from '../helpers/fake-platform';
import { ENV_SECRET, runCli } from '../helpers/run-cli';

describe('logs', () => {
  let platform: FakePlatform;
  let env: Record<string, string>;
  const now = new Date('2026-03-10T15:30:00.000Z');
  const logs = [
    { message: 'Agent started on port 4000', timestamp: '2026-03-10T15:00:00.000Z', level: 'Info' },
    { message: 'Slow query', timestamp: '2026-03-10T15:10:00.000Z', level: 'Warn' },
  ];
  beforeAll(async () => {
    platform = await startFakePlatform();
    env = { GROVE_ENV_SECRET: ENV_SECRET, GROVE_SERVER_URL: platform.url, GROVE_AUTH_TOKEN: 'tok' };
  });
  afterAll(() => platform.close());
  beforeEach(() => {
    platform.requests.length = 0;
    platform.routes.set('GET /api/hosted-agent/logs', (_req, res) => json(res, 200, { logs }));
  });

  const query = () => new URL(platform.requests.at(-1)!.url, platform.url).searchParams;

  it('defaults: 30 lines of the last month, newest first, then the summary', async () => {
    const run = await runCli(['logs'], { env, now });

    expect(Object.fromEntries(query())).toEqual({
      limit: '30',
      from: '2026-02-10T15:30:00.000Z',
      to: '2026-03-10T15:30:00.000Z',
      'order-by-recent-first': 'true',
    });
    expect(run.stdout).toBe(
      [
        '✔ Requested 30 log(s) in the last month',
        'ℹ 2026-03-10T15:00:00.000Z Info: Agent started on port 4000',
        'ℹ You have received logs from 2026-03-10T15:00:00.000Z to 2026-03-10T15:10:00.000Z but only 2 were found',
        '',
      ].join('\n'),
    );
    expect(run.stderr).toContain('⚠ 2026-03-10T15:10:00.000Z Warn: Slow query\n');
    expect(run.exitCode).toBe(0);
  });

  it('--from: oldest first, "since"; --to alone: "until"; both: "between"', async () => {
    const since = await runCli(['logs', '-f', 'now-1d', '-n', '2'], { env, now });
    expect(query().get('order-by-recent-first')).toBe('false');
    expect(since.stdout).toContain('✔ Requested 2 log(s) since now-1d\n');
    expect(since.stdout).not.toContain('but only');

    const until = await runCli(['logs', '-t', '2026-03-09'], { env, now });
    expect(until.stdout).toContain('✔ Requested 30 log(s) until 2026-03-09\n');

    const between = await runCli(['logs', '--from', 'now-2d/d', '--to', 'now'], { env, now });
    expect(query().get('from')).toBe('2026-03-08T00:00:00.000Z');
    expect(between.stdout).toContain('✔ Requested 30 log(s) between now-2d/d and now\n');
  });

  it('nothing found: says so, with a hint', async () => {
    platform.routes.set('GET /api/hosted-agent/logs', (_req, res) => json(res, 200, { logs: [] }));
    const run = await runCli(['logs'], { env, now });

    expect(run.stdout).toContain('ℹ No logs found in the last month\n');
    expect(run.stdout).toContain('grove-cloud logs --help');
  });

  it('a 400 also prints the options that were given', async () => {
    platform.routes.set('GET /api/hosted-agent/logs', (_req, res) =>
      json(res, 400, {
        errors: [{ status: 400, code: 'ValidationError', detail: 'from is an ISO date' }],
      }),
    );
    const run = await runCli(['logs', '-n', '5', '-f', 'now-1h'], { env, now });

    expect(run.stderr).toContain(
      '✖ 🚨 from is an ISO date\nOptions given: --tail 5 --from now-1h\n',
    );
    expect(run.exitCode).toBe(1);
  });

  it('--json: the logs in one object', async () => {
    const run = await runCli(['logs', '--json'], { env, now });

    expect(JSON.parse(run.stdout)).toEqual({
      ok: true,
      message: 'Requested 30 log(s) in the last month',
      logs,
    });
  });
});
