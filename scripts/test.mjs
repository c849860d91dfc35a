#!/usr/bin/env node
// The one test command of the README (`npm test`). Works on a fresh clone with only Node 20 and
// npm: it runs the pinned pnpm through npx (see DEVELOPERS.md for why not corepack), installs,
// runs every package's tests through Turborepo, then prints one closing line for the monorepo.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpm = ['npx', '-y', packageManager];

function run(args) {
  const result = spawnSync(pnpm[0], [...pnpm.slice(1), ...args], { cwd: root, stdio: 'inherit' });

  return result.status ?? 1;
}

const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });

if (run(['install', '--frozen-lockfile']) !== 0) process.exit(1);
const status = run(['exec', 'turbo', 'run', 'test', '--concurrency=1', ...process.argv.slice(2)]);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(results)) {
  for (const file of readdirSync(results)) {
    const summary = JSON.parse(readFileSync(join(results, file), 'utf8'));
    passed += summary.passed;
    failed += summary.failed;
    skipped += summary.skipped;
  }
}
if (status !== 0 && failed === 0) failed = 1; // a crash before jest could report
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(status === 0 && failed === 0 ? 0 : 1);
