import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The built command, as `npx grove-platform` runs it (the monorepo builds before it tests).
const bin = join(__dirname, '..', '..', 'dist', 'bin', 'grove-platform.js');

interface Started {
  readonly child: ChildProcess;
  readonly output: string;
  readonly url: string;
}

/** Runs the command until it prints its start message. */
function start(args: string[]): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { PATH: process.env.PATH },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', chunk => {
      output += String(chunk);
      const match = /listening on (\S+)/.exec(output);
      if (match && /\n\n/.test(output.slice(match.index)))
        resolve({ child, output, url: match[1]! });
    });
    child.stderr.on('data', chunk => (errors += String(chunk)));
    child.once('exit', code => reject(new Error(`grove-platform exited (${code}): ${errors}`)));
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise(resolve => {
    child.once('exit', code => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('grove-platform', () => {
  const file = join(tmpdir(), `grove-platform-bin-${randomBytes(6).toString('hex')}.sqlite`);

  afterAll(() => rm(file, { force: true }));

  it('is built', () => {
    expect(existsSync(bin)).toBe(true);
  });

  it('prints the admin password and env secret on the first start only', async () => {
    const args = ['--port', '0', '--database-url', `sqlite:${file}`];
    const first = await start(args);
    const password = /Admin password:\s+(\S+)/.exec(first.output)?.[1];
    const secret = /GROVE_ENV_SECRET=([0-9a-f]{64})/.exec(first.output)?.[1];

    expect(first.output).toContain('Admin login:     admin@grove.local');
    expect(password?.length).toBeGreaterThanOrEqual(16);
    expect(secret).toBeDefined();
    const environment = await fetch(`${first.url}/liana/environment`, {
      headers: { 'forest-secret-key': secret! },
    });
    expect(environment.status).toBe(200);
    expect(await stop(first.child)).toBe(0);

    const second = await start(args);
    try {
      expect(second.output).not.toContain('Admin password');
      expect(second.output).not.toContain(secret!);
      expect(second.output).not.toContain(password!);
    } finally {
      await stop(second.child);
    }
  });

  it('refuses a bad port with an exit code', async () => {
    await expect(start(['--port', 'eighty'])).rejects.toThrow(/exited \(1\).*--port/s);
  });
});
