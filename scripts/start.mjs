#!/usr/bin/env node
// The README's start command (`npm start`). Works on a fresh clone with only Node 20 and npm: it
// runs the pinned pnpm through npx, installs, builds the reference server and the packages it
// uses (Turborepo caches what did not change), then runs it in this process's place.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const quiet = process.env.GROVE_START_QUIET === '1';

function pnpm(args) {
  const result = spawnSync('npx', ['-y', packageManager, ...args], {
    cwd: root,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

console.log('Installing and building (the first run compiles sqlite3: about two minutes)…');
pnpm(['install', '--frozen-lockfile']);
pnpm([
  'exec',
  'turbo',
  'run',
  'build',
  '--filter=@grove/reference-server...',
  '--output-logs=errors-only',
]);

const server = spawn(process.execPath, [join(root, 'apps/reference-server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', code => process.exit(code ?? 0));
