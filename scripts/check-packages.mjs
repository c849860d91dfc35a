#!/usr/bin/env node
// The packed-install check: every publishable package as a user gets it from the registry.
//
// 1. `pnpm pack` each package under packages/ that is not private (pnpm rewrites `workspace:*`
//    to versions); each tarball must name no `workspace:`/`catalog:` spec, contain every file its
//    package.json points at, and have no install script.
// 2. One temporary project installs all the tarballs at once with npm (`file:` specs, and
//    overrides so every `@grove/*` dependency resolves to its local tarball; third-party packages
//    come from the npm registry), without lifecycle scripts. Every package a tarball's code or
//    declarations import must be declared by that package (with its `@types/` package when it
//    ships no types), since one shared install would hide a missing one.
// 3. Every entry of every package's `exports` is `require()`d and `import()`ed in a fresh Node
//    process (same export names both ways), and every `bin` answers `--help`.
// 4. A consumer file per entry is type-checked by the repository's TypeScript with `node16`
//    (CommonJS `.cts` and ESM `.mts`) and `bundler` resolution, without `skipLibCheck`, so a
//    published declaration that imports a package the user does not get fails here.
// 5. `@arethetypeswrong/cli` checks every tarball.
// 6. `@grove/datasource-sql` on a URL whose driver is not installed fails with an error naming
//    the package to install.
//
// Run after the build: `node scripts/check-packages.mjs` (`--keep` keeps the temporary folder).
// See DEVELOPERS.md, "Packages as published".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `@arethetypeswrong/cli` release the check runs (its engines: Node >= 20). */
const ATTW_VERSION = '0.18.5';

/**
 * attw problem kinds not failed on (`--ignore-rules` names in brackets), each with its reason.
 * None: every package ships CommonJS and ESM, each with its own declarations, so a
 * `cjs-resolves-to-esm`, `false-cjs`, `false-esm` or `no-resolution` (node10 included: it is
 * still TypeScript's default for `module: commonjs`) is a real problem for some user.
 */
const IGNORED_ATTW_KINDS = [];

/**
 * Optional peer dependencies that an entry loads, replaced in the test project by a stub package
 * with the same export names: the jest helpers of `@grove/datasource-toolkit/testing` import
 * `@jest/globals`, which throws outside a jest run by design. (The SQL drivers, optional peers
 * of `@grove/datasource-sql`, are loaded only on connect: none is installed, see
 * {@link checkMissingDriver}.)
 */
const STUB_PEERS = {
  '@jest/globals@30.0.0': [
    'afterAll',
    'afterEach',
    'beforeAll',
    'beforeEach',
    'describe',
    'expect',
    'it',
    'jest',
    'test',
  ],
};

/** The longest a single entry may take to load, or a `bin` to print its help. */
const PROCESS_TIMEOUT_MS = 60_000;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { packageManager } = readJson(join(root, 'package.json'));
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const keep = process.argv.includes('--keep');

const problems = [];
const started = Date.now();

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function log(message) {
  console.log(`[check-packages] ${message}`);
}

function problem(where, message) {
  problems.push(`${where}: ${message}`);
}

/** Runs a command to its end; returns its status and output (never throws). */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });

  return {
    status: result.status ?? 1,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`,
  };
}

/** Like {@link run}, asynchronous, for the entry loads that run two at a time. */
function runAsync(command, args, options = {}) {
  return new Promise(resolve => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${PROCESS_TIMEOUT_MS} ms: the process did not exit by itself)`;
      child.kill('SIGKILL');
    }, PROCESS_TIMEOUT_MS);
    child.stdout.on('data', chunk => (stdout += chunk));
    child.stderr.on('data', chunk => (stderr += chunk));
    child.on('close', status => {
      clearTimeout(timer);
      resolve({ status: status ?? 1, stdout, stderr });
    });
  });
}

async function inPool(items, size, work) {
  const queue = [...items];
  const workers = Array.from({ length: size }, async () => {
    while (queue.length) await work(queue.shift());
  });
  await Promise.all(workers);
}

async function step(name, work) {
  const t0 = Date.now();
  await work();
  log(`${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

function publishablePackages() {
  const dir = join(root, 'packages');

  return readdirSync(dir)
    .filter(name => existsSync(join(dir, name, 'package.json')))
    .map(name => ({ dir: join(dir, name), manifest: readJson(join(dir, name, 'package.json')) }))
    .filter(({ manifest }) => manifest.private !== true);
}

/** Every file path a manifest points at (main, module, types, bin, exports). */
function pointedFiles(manifest) {
  const paths = [manifest.main, manifest.module, manifest.types, manifest.typings];
  if (typeof manifest.bin === 'string') paths.push(manifest.bin);
  else paths.push(...Object.values(manifest.bin ?? {}));
  const walk = target => {
    if (typeof target === 'string') paths.push(target);
    else if (target && typeof target === 'object') Object.values(target).forEach(walk);
  };
  walk(manifest.exports);

  return paths.filter(path => typeof path === 'string' && !path.includes('*'));
}

/** The subpaths of `exports` (`.`, `./testing`, …), without `./package.json`. */
function entrySubpaths(manifest) {
  const { exports } = manifest;
  if (!exports) return ['.'];
  if (typeof exports === 'string' || !Object.keys(exports).some(key => key.startsWith('.'))) {
    return ['.'];
  }

  return Object.keys(exports).filter(key => key.startsWith('.') && !key.endsWith('.json'));
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageOf(specifier) {
  const parts = specifier.split('/');

  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The bare specifiers a built file imports (declarations: only their top-level import lines). */
function importedPackages(file) {
  const text = readFileSync(file, 'utf8');
  const patterns = /\.d\.m?ts$/.test(file)
    ? [/^(?:import|export)\b[^'"\n]*?['"]([^'"]+)['"]/gm]
    : [
        /^\s*(?:import|export)\b[^'"\n]*?\bfrom\s*['"]([^'"]+)['"]/gm,
        /^\s*import\s*['"]([^'"]+)['"]/gm,
        /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
        /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
      ];
  const found = new Set();
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[1];
      if (!specifier.startsWith('.') && !specifier.startsWith('/')) found.add(packageOf(specifier));
    }
  }

  return found;
}

/** Whether an installed package ships its own declarations. */
function shipsTypes(project, name) {
  const dir = join(project, 'node_modules', name);
  if (!existsSync(join(dir, 'package.json'))) return false;
  const manifest = readJson(join(dir, 'package.json'));
  if (manifest.types || manifest.typings || existsSync(join(dir, 'index.d.ts'))) return true;

  return JSON.stringify(manifest.exports ?? {}).includes('.d.');
}

/**
 * Every package that a tarball's built code or declarations import is declared by that package
 * (dependency or peer), and a declaration's import of a package without its own types comes
 * with the `@types/` package declared too. The one shared install would otherwise let a package
 * lean on what another one brings.
 */
function checkDeclaredImports(project, pkg) {
  const { name } = pkg.packed;
  const declared = new Set(
    ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap(field =>
      Object.keys(pkg.packed[field] ?? {}),
    ),
  );
  const builtins = new Set(builtinModules.flatMap(module => [module, `node:${module}`]));
  // The code the manifest points into (dist/), not files shipped as data (templates/).
  const roots = new Set(
    pointedFiles(pkg.packed).map(path => path.replace(/^\.\//, '').split('/')[0]),
  );
  const code = [...roots].flatMap(dir =>
    existsSync(join(pkg.extracted, dir)) && !/\.\w+$/.test(dir)
      ? filesUnder(join(pkg.extracted, dir))
      : [],
  );
  for (const file of code.filter(path => /\.(c?js|mjs|d\.m?ts)$/.test(path))) {
    const where = `${name} (${relative(pkg.extracted, file)})`;
    for (const imported of importedPackages(file)) {
      if (builtins.has(imported) || imported.startsWith('node:') || imported === name) continue;
      if (!declared.has(imported)) {
        problem(where, `imports ${imported}, which the package does not declare`);
        continue;
      }
      const types = `@types/${imported.replace(/^@([^/]+)\//, '$1__')}`;
      if (/\.d\.m?ts$/.test(file) && !shipsTypes(project, imported) && !declared.has(types)) {
        problem(
          where,
          `its declarations import ${imported}, whose types (${types}) it does not declare`,
        );
      }
    }
  }
}

function checkManifest(pkg) {
  const { name } = pkg.packed;
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [dependency, spec] of Object.entries(pkg.packed[field] ?? {})) {
      if (/^(workspace|catalog):/.test(spec)) {
        problem(name, `${field}.${dependency} is still "${spec}" in the tarball`);
      }
    }
  }
  for (const path of pointedFiles(pkg.packed)) {
    if (!existsSync(join(pkg.extracted, path))) {
      problem(name, `package.json points at ${path}, which is not in the tarball`);
    }
  }
  for (const script of ['preinstall', 'install', 'postinstall']) {
    if (pkg.packed.scripts?.[script]) problem(name, `has an ${script} script`);
  }
  if (!existsSync(join(pkg.extracted, 'README.md'))) problem(name, 'the tarball has no README.md');
}

function typesNodeRange() {
  const workspace = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const match = /'@types\/node':\s*(\S+)/.exec(workspace);

  return match ? match[1] : '^20';
}

/** Writes the stub packages of {@link STUB_PEERS}; returns their `file:` specs. */
function writeStubPeers(work, project) {
  return Object.fromEntries(
    Object.entries(STUB_PEERS).map(([spec, exports]) => {
      const [, name, version] = /^(.+)@([^@]+)$/.exec(spec);
      const dir = join(work, 'stubs', name);
      mkdirSync(dir, { recursive: true });
      const manifest = { name, version, description: 'stub', main: 'index.js' };
      writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
      const body = exports.map(key => `exports.${key} = () => undefined;`).join('\n');
      writeFileSync(join(dir, 'index.js'), `${body}\n`);

      return [name, `file:${relative(project, dir)}`];
    }),
  );
}

function writeProject(work, project, packages) {
  const specs = Object.fromEntries(
    packages.map(pkg => [pkg.packed.name, `file:${relative(project, pkg.tarball)}`]),
  );
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify(
      {
        name: 'grove-packed-install-check',
        version: '0.0.0',
        private: true,
        dependencies: {
          ...specs,
          ...writeStubPeers(work, project),
          '@types/node': typesNodeRange(),
          '@arethetypeswrong/cli': ATTW_VERSION,
        },
        overrides: specs,
      },
      null,
      2,
    )}\n`,
  );
}

/** Every `@grove/*` of the install is the local tarball, once, at the top of node_modules. */
function checkResolution(project, packages) {
  const lock = readJson(join(project, 'package-lock.json'));
  const versions = new Map(packages.map(pkg => [pkg.packed.name, pkg.packed.version]));
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    const match = /(?:^|\/)node_modules\/(@grove\/[^/]+)$/.exec(path);
    if (!match) continue;
    const name = match[1];
    if (path !== `node_modules/${name}`) problem(name, `installed twice (${path})`);
    if (!String(entry.resolved ?? '').startsWith('file:')) {
      problem(name, `resolved to ${entry.resolved ?? 'nothing'}, not to the local tarball`);
    }
    if (versions.has(name) && entry.version !== versions.get(name)) {
      problem(name, `installed ${entry.version}, packed ${versions.get(name)}`);
    }
  }
}

const LOAD_CJS = `
const m = require(process.argv[1]);
console.log(JSON.stringify(Object.keys(m).filter(k => k !== '__esModule').sort()));`;
const LOAD_ESM = `
const m = await import(process.argv[1]);
console.log(JSON.stringify(Object.keys(m).filter(k => k !== 'default').sort()));`;

async function checkEntries(project, packages) {
  const loads = packages.flatMap(pkg =>
    entrySubpaths(pkg.packed).map(subpath => ({
      name: pkg.packed.name,
      specifier: subpath === '.' ? pkg.packed.name : `${pkg.packed.name}${subpath.slice(1)}`,
    })),
  );
  const names = new Map();
  const jobs = loads.flatMap(load => [
    { ...load, format: 'require', args: ['-e', LOAD_CJS, load.specifier] },
    { ...load, format: 'import', args: ['--input-type=module', '-e', LOAD_ESM, load.specifier] },
  ]);
  await inPool(jobs, 2, async job => {
    const result = await runAsync(process.execPath, job.args, { cwd: project });
    if (result.status !== 0) {
      problem(job.specifier, `${job.format} failed:\n${result.stderr.trim()}`);

      return;
    }
    names.set(`${job.specifier} ${job.format}`, result.stdout.trim().split('\n').pop());
  });
  for (const { specifier } of loads) {
    const cjs = names.get(`${specifier} require`);
    const esm = names.get(`${specifier} import`);
    if (cjs && esm && cjs !== esm) {
      const [a, b] = [JSON.parse(cjs), JSON.parse(esm)];
      const onlyCjs = a.filter(key => !b.includes(key));
      const onlyEsm = b.filter(key => !a.includes(key));
      problem(specifier, `exports differ: CJS only [${onlyCjs}], ESM only [${onlyEsm}]`);
    }
  }

  return loads;
}

async function checkBins(project, packages) {
  const bins = packages.flatMap(pkg =>
    Object.keys(
      typeof pkg.packed.bin === 'string'
        ? { [pkg.packed.name.split('/').pop()]: pkg.packed.bin }
        : (pkg.packed.bin ?? {}),
    ).map(bin => ({ name: pkg.packed.name, bin })),
  );
  await inPool(bins, 2, async ({ name, bin }) => {
    const result = await runAsync(join(project, 'node_modules', '.bin', bin), ['--help'], {
      cwd: project,
    });
    if (result.status !== 0) problem(name, `\`${bin} --help\` failed:\n${result.stderr.trim()}`);
  });
}

/**
 * Per-package lines of consumer code that use the main types, beyond importing every entry.
 * `@grove/agent` mounts on a user's Express app (its declarations name Express types).
 */
const CONSUMER_USES = {
  '@grove/agent': `
import express from 'express';
import { createAgent as createAgentForUse } from '@grove/agent';
import { createSqlDataSource as createSqlForUse } from '@grove/datasource-sql';
const app = express();
createAgentForUse({ authSecret: 'a'.repeat(32), envSecret: 'b'.repeat(64) })
  .addDataSource(createSqlForUse('sqlite::memory:'))
  .mountOnExpress(app);
app.use('/admin', createAgentForUse({ authSecret: 'a', envSecret: 'b' }).handler);`,
  '@grove/datasource-sql': `
import type { DataSourceFactory } from '@grove/datasource-toolkit';
import { createSqlDataSource as createSqlForUse, DatabaseConnectError } from '@grove/datasource-sql';
const factory: DataSourceFactory = createSqlForUse('postgres://app@localhost:5432/shop');
export const isConnectError = (error: unknown): boolean => error instanceof DatabaseConnectError;
export { factory };`,
};

function writeConsumers(project, loads) {
  const dir = join(project, 'consumers');
  mkdirSync(dir, { recursive: true });
  const files = { node16: [], bundler: [] };
  for (const { name, specifier } of loads) {
    const slug = specifier.replace(/^@grove\//, '').replace(/\//g, '--');
    const uses = specifier === name ? (CONSUMER_USES[name] ?? '') : '';
    const body = `import * as entry from '${specifier}';
export const names: readonly string[] = Object.keys(entry);
${uses}
`;
    for (const extension of ['cts', 'mts']) {
      writeFileSync(join(dir, `${slug}.${extension}`), body);
      files.node16.push(`consumers/${slug}.${extension}`);
    }
    writeFileSync(join(dir, `${slug}.ts`), body);
    files.bundler.push(`consumers/${slug}.ts`);
  }
  const common = {
    target: 'es2022',
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    esModuleInterop: true,
    types: ['node'],
  };
  const configs = {
    node16: { ...common, module: 'node16', moduleResolution: 'node16' },
    bundler: { ...common, module: 'esnext', moduleResolution: 'bundler' },
  };
  for (const [resolution, compilerOptions] of Object.entries(configs)) {
    writeFileSync(
      join(project, `tsconfig.${resolution}.json`),
      `${JSON.stringify({ compilerOptions, files: files[resolution] }, null, 2)}\n`,
    );
  }

  return Object.keys(configs);
}

/**
 * Fails on TypeScript errors in the consumer files or in `@grove/*` declarations; errors inside
 * third-party declarations (which a user with `skipLibCheck: false` sees as well, and which only
 * their authors can fix) are printed as warnings.
 */
function checkTypes(project, resolutions) {
  for (const resolution of resolutions) {
    const config = `tsconfig.${resolution}.json`;
    const result = run(process.execPath, [tsc, '-p', config, '--pretty', 'false'], {
      cwd: project,
    });
    if (result.status === 0) continue;
    const errors = result.output.split(/\n(?=\S)/).filter(line => /: error TS\d+/.test(line));
    const ours = errors.filter(line => /^(consumers\/|node_modules\/@grove\/)/.test(line));
    const theirs = errors.filter(line => !ours.includes(line));
    for (const line of theirs) log(`warning (moduleResolution ${resolution}): ${line}`);
    if (ours.length || !errors.length) {
      problem(
        `tsc (moduleResolution ${resolution})`,
        `\n${(ours.length ? ours : [result.output]).join('\n')}`,
      );
    }
  }
}

const ATTW_ALL = `
import { readFileSync } from 'node:fs';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
const ignored = JSON.parse(process.argv[1]);
const results = [];
for (const tarball of process.argv.slice(2)) {
  const data = new Uint8Array(readFileSync(tarball));
  const analysis = await checkPackage(createPackageFromTarballData(data));
  const problems = analysis.types
    ? analysis.problems.filter(p => !ignored.includes(p.kind)).map(p => p.kind)
    : ['NoTypes'];
  results.push({ tarball, problems });
}
console.log(JSON.stringify(results));`;

/**
 * attw on every tarball: one process analyses them all (`@arethetypeswrong/core`, loaded once);
 * the CLI then prints its table for each tarball with a problem.
 */
async function checkAttw(project, packages) {
  const byTarball = new Map(packages.map(pkg => [pkg.tarball, pkg]));
  const result = await runAsync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      ATTW_ALL,
      JSON.stringify(IGNORED_ATTW_KINDS),
      ...byTarball.keys(),
    ],
    { cwd: project },
  );
  if (result.status !== 0) {
    problem('attw', `the analysis failed:\n${result.stderr.trim()}`);

    return;
  }
  const cli = join(project, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
  for (const { tarball, problems: kinds } of JSON.parse(result.stdout.trim().split('\n').pop())) {
    if (!kinds.length) continue;
    const table = run(process.execPath, [cli, tarball, '--format', 'ascii'], {
      cwd: project,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    problem(
      byTarball.get(tarball).packed.name,
      `attw: ${[...new Set(kinds)]}\n${table.output.trim()}`,
    );
  }
}

/**
 * `@grove/datasource-sql` with a URL whose driver is not installed (mysql2: no package of the
 * repository depends on it) fails at start with an error naming the package to install.
 */
async function checkMissingDriver(project) {
  const probe = run(process.execPath, ['-e', "require.resolve('mysql2')"], { cwd: project });
  if (probe.status === 0) {
    log('mysql2 is installed in the project: the missing-driver check is skipped');

    return;
  }
  const script = `
const { createSqlDataSource } = require('@grove/datasource-sql');
const logger = () => undefined;
createSqlDataSource('mysql://root@127.0.0.1:1/shop')(logger).then(
  () => { console.log('no error'); process.exit(1); },
  error => { console.log(JSON.stringify({ message: error.message, code: error.code })); },
);`;
  const result = await runAsync(process.execPath, ['-e', script], { cwd: project });
  const line = result.stdout.trim().split('\n').pop() ?? '';
  let error;
  try {
    error = JSON.parse(line);
  } catch {
    error = undefined;
  }
  if (!error || !/npm install mysql2\b/.test(error.message) || !error.code) {
    problem(
      '@grove/datasource-sql',
      `a mysql:// URL without mysql2 should fail with a coded error saying "npm install mysql2"; got:\n${result.stdout}${result.stderr}`,
    );
  }
}

const SERVE_CONSOLE = `
const { createPlatform } = require('@grove/platform');
const { join } = require('node:path');
(async () => {
  const platform = await createPlatform({
    port: 0,
    database: { url: 'sqlite:' + join(process.cwd(), 'platform.sqlite') },
    logger: () => undefined,
  });
  try {
    const page = await fetch(platform.url + '/console/');
    const html = await page.text();
    const script = /src="(\\/console\\/assets\\/[^"]+\\.js)"/.exec(html);
    const asset = script ? await fetch(platform.url + script[1]) : undefined;
    console.log(JSON.stringify({ page: page.status, app: html.includes('<div id="app">'), asset: asset?.status }));
  } finally {
    await platform.close();
  }
})().catch(error => { console.error(error); process.exitCode = 1; });
`;

/**
 * The tarballs installed with pnpm into a folder below a dot-directory (as `~/.cache/…` and
 * pnpm's own `node_modules/.pnpm/…` place them), then a platform started from that install must
 * serve `/console/` and its assets (DEVELOPERS.md, "Packages as published").
 */
function checkPnpmBelowDotDirectory(work, packages) {
  const app = join(work, '.cache', 'pnpm-app');
  mkdirSync(app, { recursive: true });
  const overrides = Object.fromEntries(
    packages.map(pkg => [pkg.manifest.name, `file:${pkg.tarball}`]),
  );
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'grove-pnpm-consumer',
      private: true,
      dependencies: {
        '@grove/platform': `file:${packages.find(pkg => pkg.manifest.name === '@grove/platform').tarball}`,
      },
      pnpm: { overrides, onlyBuiltDependencies: ['sqlite3'] },
    }),
  );
  const [npx, ...pnpm] = ['npx', '-y', packageManager];
  const install = run(npx, [...pnpm, 'install', '--prefer-offline', '--reporter=silent'], {
    cwd: app,
  });
  if (install.status !== 0)
    throw new Error(`pnpm install below a dot-directory failed:\n${install.output}`);
  const served = run(process.execPath, ['-e', SERVE_CONSOLE], {
    cwd: app,
    timeout: PROCESS_TIMEOUT_MS,
  });
  const answer = /\{"page".*\}/.exec(served.output)?.[0];
  if (served.status !== 0 || answer !== '{"page":200,"app":true,"asset":200}') {
    problem(
      '@grove/platform',
      `installed with pnpm below a dot-directory, /console/ answered ${answer ?? 'nothing'}:\n${served.output}`,
    );
  }
}

async function main(work) {
  const tarballs = join(work, 'tarballs');
  const project = join(work, 'project');
  mkdirSync(tarballs);
  mkdirSync(project);
  const packages = publishablePackages();
  log(`${packages.length} publishable packages, working in ${work}`);

  await step('pack', () => {
    const filters = packages.flatMap(({ manifest }) => ['--filter', manifest.name]);
    const [npx, ...pnpm] = ['npx', '-y', packageManager];
    const result = run(npx, [...pnpm, '-r', ...filters, 'pack', '--pack-destination', tarballs], {
      cwd: root,
    });
    if (result.status !== 0) throw new Error(`pnpm pack failed:\n${result.output}`);
    for (const file of readdirSync(tarballs).filter(name => name.endsWith('.tgz'))) {
      const extracted = join(work, 'extracted', file.replace(/\.tgz$/, ''));
      mkdirSync(extracted, { recursive: true });
      const untar = run('tar', ['-xzf', join(tarballs, file), '-C', extracted]);
      if (untar.status !== 0) throw new Error(`tar failed on ${file}:\n${untar.output}`);
      const packed = readJson(join(extracted, 'package', 'package.json'));
      const pkg = packages.find(({ manifest }) => manifest.name === packed.name);
      if (pkg)
        Object.assign(pkg, {
          tarball: join(tarballs, file),
          extracted: join(extracted, 'package'),
          packed,
        });
    }
    for (const pkg of packages) {
      if (!pkg.tarball) problem(pkg.manifest.name, 'pnpm pack made no tarball');
      else checkManifest(pkg);
    }
  });
  const packed = packages.filter(pkg => pkg.tarball);

  await step('npm install (all tarballs, one project)', () => {
    writeProject(work, project, packed);
    const result = run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--ignore-scripts',
        '--loglevel=error',
      ],
      { cwd: project },
    );
    if (result.status !== 0) throw new Error(`npm install failed:\n${result.output}`);
    checkResolution(project, packed);
    for (const pkg of packed) checkDeclaredImports(project, pkg);
  });

  let loads = [];
  await step('require() and import() every entry', async () => {
    loads = await checkEntries(project, packed);
  });
  await step('bins --help', () => checkBins(project, packed));
  await step('tsc on consumer files (node16 CJS/ESM, bundler)', () =>
    checkTypes(project, writeConsumers(project, loads)),
  );
  await step(`attw ${ATTW_VERSION}`, () => checkAttw(project, packed));
  await step('missing SQL driver', () => checkMissingDriver(project));
  await step('pnpm install below a dot-directory, /console/ served', () =>
    checkPnpmBelowDotDirectory(work, packed),
  );

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (problems.length) {
    console.error(`\n[check-packages] ${problems.length} problem(s):\n`);
    for (const line of problems) console.error(`- ${line}\n`);
    console.error(`[check-packages] failed in ${seconds} s`);
    process.exitCode = 1;

    return;
  }
  log(`${packed.length} packages, ${loads.length} entries: all good (${seconds} s)`);
}

const work = mkdtempSync(join(tmpdir(), 'grove-check-packages-'));
main(work)
  .catch(error => {
    console.error(`[check-packages] ${error.stack ?? error}`);
    process.exitCode = 1;
  })
  .finally(() => {
    if (keep) log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  });
