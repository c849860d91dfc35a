#!/usr/bin/env node
// Checks the dependency rules of the architecture (docs/style.md#lint) on every workspace
// package: its package.json (every kind of dependency, and the runtime dependencies transitively)
// and the imports of its sources (static, dynamic, `require`, `export … from`).
//
// - the toolkit depends on no @grove package;
// - the customizer and the SQL data source depend on the toolkit only;
// - the MCP server never depends on the agent (the agent embeds the MCP server);
// - nothing depends on an app (`apps/*`), by name or by a relative path into `apps/`.
//
// eslint's `no-restricted-imports` says the same in the editor; this also sees package.json,
// `import()` and `require`, and runs on a fixture repository in its test.
//
// Usage: node scripts/check-architecture.mjs [--root <repository>]
// Prints each problem as `file[:line]: message` and exits with 1 when there is one.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootFlag = process.argv.indexOf('--root');
const root = resolve(
  rootFlag === -1
    ? join(dirname(fileURLToPath(import.meta.url)), '..')
    : (process.argv[rootFlag + 1] ?? '.'),
);

/** What each constrained package may depend on (`allowed`) or must not (`forbidden`). */
const rules = {
  '@grove/datasource-toolkit': { allowed: [], why: 'the toolkit depends on no @grove package' },
  '@grove/datasource-customizer': {
    allowed: ['@grove/datasource-toolkit'],
    why: 'the customizer depends on the toolkit only',
  },
  '@grove/datasource-sql': {
    allowed: ['@grove/datasource-toolkit'],
    why: 'the SQL data source depends on the toolkit only',
  },
  '@grove/mcp-server': {
    forbidden: ['@grove/agent'],
    why: 'the MCP server never depends on the agent (the agent embeds it)',
  },
};
const dependencyKinds = ['dependencies', 'peerDependencies', 'optionalDependencies'];
const allKinds = [...dependencyKinds, 'devDependencies'];
const skippedFolders = new Set(['node_modules', 'dist', 'coverage', '.turbo']);
const sourceExtensions = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/** The workspace packages: `packages/*`, `apps/*` and `bench`, with a package.json. */
function workspacePackages() {
  const folders = [];
  for (const parent of ['packages', 'apps']) {
    const path = join(root, parent);
    if (!existsSync(path)) continue;
    for (const name of readdirSync(path).sort()) folders.push(join(path, name));
  }
  folders.push(join(root, 'bench'));

  return folders
    .filter(folder => existsSync(join(folder, 'package.json')))
    .map(folder => ({ folder, manifest: JSON.parse(readFileSync(join(folder, 'package.json'))) }));
}

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return sourceExtensions.test(path) ? [path] : [];
  const files = [];
  for (const name of readdirSync(path)) {
    if (!skippedFolders.has(name)) files.push(...filesUnder(join(path, name)));
  }

  return files;
}

/** The module specifiers a source file imports, with their lines (comments skipped). */
function importsOf(file) {
  const found = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\b(?:import|require|requireActual|requireMock|mock)\s*\(\s*['"]([^'"]+)['"]/g,
  ];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const code = line.trimStart();
      if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
      for (const pattern of patterns) {
        for (const match of code.matchAll(pattern))
          found.push({ line: index + 1, specifier: match[1] });
      }
    });

  return found;
}

/** `@grove/agent/express` → `@grove/agent`; other specifiers → undefined. */
function groveName(specifier) {
  const match = /^(@grove\/[^/]+)/.exec(specifier);

  return match?.[1];
}

function breaks(rule, name) {
  if (rule.allowed) return !rule.allowed.includes(name);

  return rule.forbidden.includes(name);
}

const packages = workspacePackages();
const byName = new Map(packages.map(entry => [entry.manifest.name, entry]));
const appNames = new Set(
  packages
    .filter(entry => relative(root, entry.folder).startsWith(`apps${sep}`))
    .map(entry => entry.manifest.name),
);
const problems = [];

/** The runtime @grove dependencies of a package, transitively (package.json only). */
function runtimeClosure(name, seen = new Set()) {
  const manifest = byName.get(name)?.manifest;
  if (!manifest) return seen;
  for (const kind of dependencyKinds) {
    for (const dependency of Object.keys(manifest[kind] ?? {})) {
      if (!dependency.startsWith('@grove/') || seen.has(dependency)) continue;
      seen.add(dependency);
      runtimeClosure(dependency, seen);
    }
  }

  return seen;
}

for (const { folder, manifest } of packages) {
  const name = manifest.name;
  const manifestFile = relative(root, join(folder, 'package.json'));
  const rule = rules[name];
  const isApp = appNames.has(name);

  for (const kind of allKinds) {
    for (const dependency of Object.keys(manifest[kind] ?? {})) {
      if (rule && dependency.startsWith('@grove/') && breaks(rule, dependency)) {
        problems.push(`${manifestFile}: ${kind} has ${dependency}, but ${rule.why}`);
      }
      if (appNames.has(dependency) && dependency !== name) {
        problems.push(`${manifestFile}: ${kind} has ${dependency}, but nothing depends on an app`);
      }
    }
  }
  if (rule) {
    for (const dependency of runtimeClosure(name)) {
      const direct = dependencyKinds.some(kind => manifest[kind]?.[dependency]);
      if (!direct && breaks(rule, dependency)) {
        problems.push(`${manifestFile}: depends on ${dependency} through others, but ${rule.why}`);
      }
    }
  }

  for (const file of filesUnder(folder)) {
    const shown = relative(root, file);
    for (const { line, specifier } of importsOf(file)) {
      const imported = groveName(specifier);
      if (imported && imported !== name) {
        if (rule && breaks(rule, imported)) {
          problems.push(`${shown}:${line}: imports ${specifier}, but ${rule.why}`);
        }
        if (appNames.has(imported)) {
          problems.push(`${shown}:${line}: imports ${specifier}, but nothing imports an app`);
        }
      }
      if (specifier.startsWith('.')) {
        const target = relative(root, resolve(dirname(file), specifier));
        const inApps = target.split(sep)[0] === 'apps';
        const inOwnApp =
          isApp && !relative(folder, resolve(dirname(file), specifier)).startsWith('..');
        if (inApps && !inOwnApp) {
          problems.push(`${shown}:${line}: imports ${specifier}, but nothing imports from apps/`);
        }
      }
    }
  }
}

for (const problem of problems) console.log(problem);
if (problems.length) {
  console.log(`Architecture: ${problems.length} problem(s) in ${packages.length} packages.`);
  process.exit(1);
}
console.log(`Architecture: ${packages.length} packages checked, every dependency rule holds.`);
