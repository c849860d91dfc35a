import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer, request } from 'node:http';
import { join } from 'node:path';

import { availableServers } from '../helpers/test-databases';
import { createTestPlatformDatabase } from '../helpers/test-platform';
import type { TestPlatformDatabase } from '../helpers/test-platform';

jest.setTimeout(60_000);

const bin = join(__dirname, '..', '..', 'dist', 'bin', 'grove-platform.js');

/** A port free on 127.0.0.1 right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** One GET: its status, `refused` when no connection was made, `unanswered` after 3 s. */
function probe(port: number): Promise<number | 'refused' | 'unanswered'> {
  return new Promise(resolve => {
    const call = request({ host: '127.0.0.1', port, path: '/liana/environment', agent: false });
    const timer = setTimeout(() => {
      call.destroy();
      resolve('unanswered');
    }, 3000);
    call.on('response', response => {
      clearTimeout(timer);
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    call.on('error', () => {
      clearTimeout(timer);
      resolve('refused');
    });
    call.end();
  });
}

// docs/platform-protocol.md#timeouts-and-retries: a server accepts connections only once it can
// answer them.
describe.each(availableServers())('a grove-platform starting on a fixed port on $name', server => {
  let database: TestPlatformDatabase;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    database = await createTestPlatformDatabase(server);
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      await new Promise(resolve => {
        child!.once('exit', resolve);
        child!.kill('SIGKILL');
      });
    }
    await database.drop();
  });

  it('refuses connections until it answers them, then answers every one', async () => {
    const port = await freePort();
    const { url, schema } = database.options as { url: string; schema?: string };
    child = spawn(process.execPath, ['-e', startScript, bin], {
      env: {
        PATH: process.env.PATH,
        GROVE_TEST_PORT: String(port),
        GROVE_TEST_DATABASE_URL: url,
        ...(schema ? { GROVE_TEST_SCHEMA: schema } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let started = false;
    child.stdout!.on('data', chunk => {
      if (String(chunk).includes('listening')) started = true;
    });
    const answers: Array<number | 'refused' | 'unanswered'> = [];
    // Calls all through the start, one at a time: each is refused or answered, none waits.
    while (!started) answers.push(await probe(port));
    answers.push(await probe(port));

    expect(answers.filter(answer => answer === 'unanswered')).toEqual([]);
    expect(answers.filter(answer => answer === 'refused').length).toBeGreaterThan(0);
    // The env secret is missing: a 401, from the app itself.
    expect(answers.at(-1)).toBe(401);
    expect(new Set(answers)).toEqual(new Set(['refused', 401]));
  });
});

/**
 * The platform as the bin starts it (createPlatform from the built package, the bin's options),
 * with the PostgreSQL schema of the test database (the command line has no schema option).
 */
const startScript = `
const { join } = require('node:path');
const dist = join(process.argv[1], '..', '..');
const { createPlatform } = require(join(dist, 'index.js'));
createPlatform({
  port: Number(process.env.GROVE_TEST_PORT),
  logger: () => undefined,
  bootstrap: { mustChangePassword: false },
  database: { url: process.env.GROVE_TEST_DATABASE_URL, schema: process.env.GROVE_TEST_SCHEMA },
}).then(
  platform => {
    process.stdout.write('listening on ' + platform.url + '\\n');
    process.once('SIGTERM', () => platform.close().then(() => process.exit(0)));
  },
  error => {
    process.stderr.write(String(error) + '\\n');
    process.exit(1);
  },
);
`;
