#!/usr/bin/env node
// Checks that every citation of the design documents names a file of docs/ and a heading that
// exists (`docs/agent-protocol.md#charts`, see docs/README.md), that the links between the
// documents resolve, and that no citation of the old fact sheets is left (`spec §7.18`,
// `mcp.md §4.4`, `seed §8`, `Grove deviation #3`): those pointed outside the repository.
//
// Usage: node scripts/check-doc-citations.mjs [--root <repository>]
// Prints each problem as `file:line: message` and exits with 1 when there is one.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootFlag = process.argv.indexOf('--root');
const root =
  rootFlag === -1
    ? join(dirname(fileURLToPath(import.meta.url)), '..')
    : (process.argv[rootFlag + 1] ?? '.');

/** Where code, tests and READMEs live: the folders scanned, relative to the root. */
const scanned = [
  'packages/*/src',
  'packages/*/test',
  'packages/*/*.md',
  'apps/*/src',
  'apps/*/test',
  'apps/*/*.md',
  'bench/src',
  'bench/*.md',
  '*.md',
];
const skippedFolders = new Set(['node_modules', 'dist', 'coverage', '.turbo']);
const extensions = /\.(ts|tsx|mts|cts|js|mjs|cjs|md)$/;

/** The folders or files a pattern with at most one `*` per segment names. */
function expand(pattern) {
  let paths = [root];
  for (const segment of pattern.split('/')) {
    const next = [];
    for (const path of paths) {
      if (!segment.includes('*')) {
        if (existsSync(join(path, segment))) next.push(join(path, segment));
        continue;
      }
      if (!existsSync(path) || !statSync(path).isDirectory()) continue;
      const re = new RegExp(`^${segment.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`);
      for (const name of readdirSync(path)) {
        if (re.test(name) && !skippedFolders.has(name)) next.push(join(path, name));
      }
    }
    paths = next;
  }

  return paths;
}

function filesUnder(path) {
  if (statSync(path).isFile()) return extensions.test(path) ? [path] : [];
  const files = [];
  for (const name of readdirSync(path)) {
    if (skippedFolders.has(name)) continue;
    files.push(...filesUnder(join(path, name)));
  }

  return files;
}

/**
 * The anchor GitHub gives a heading: its text lower-cased, everything but letters, digits,
 * spaces, `-` and `_` removed, spaces turned into `-`; a repeated anchor gets `-1`, `-2`…
 */
function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .toLowerCase();
    const base = text
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }

  return anchors;
}

const docsFolder = join(root, 'docs');
/** docs/<file>.md → the anchors of its headings. */
const docs = new Map();
if (existsSync(docsFolder)) {
  for (const name of readdirSync(docsFolder)) {
    if (name.endsWith('.md')) {
      docs.set(name, anchorsOf(readFileSync(join(docsFolder, name), 'utf8')));
    }
  }
}

const problems = [];
const report = (file, line, message) =>
  problems.push(`${relative(root, file) || file}:${line}: ${message}`);

/** A citation is dangling when its file is not in docs/ or its anchor is no heading there. */
function checkTarget(file, line, docName, anchor, shown) {
  const anchors = docs.get(docName);
  if (!anchors) report(file, line, `dangling citation ${shown}: no docs/${docName}`);
  else if (anchor && !anchors.has(anchor)) {
    report(file, line, `dangling citation ${shown}: no heading #${anchor} in docs/${docName}`);
  }
}

const citation = /docs\/([\w.-]+\.md)(?:#([\w-]+))?/g;
// The old citations of the fact sheets (outside the repository). An RFC's section is fine.
const oldCitations = [
  /\b(?:spec|seed|Seed \d+|README|server protocol|the sheet's)\s+§\s*\d/,
  /\b[\w-]+\.md\s+§\s*\d/,
  /[Dd]eviation #\d/,
  /(?<!RFC \d+ )(?<![\w.]+\.md )(?<!spec |seed |README )§\s*\d/,
];

const scannedFiles = new Set(scanned.flatMap(expand).flatMap(filesUnder));
for (const file of scannedFiles) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((text, index) => {
    for (const match of text.matchAll(citation)) {
      checkTarget(file, index + 1, match[1], match[2], match[0]);
    }
    if (oldCitations.some(re => re.test(text))) {
      const shown = text.trim().slice(0, 120);
      report(file, index + 1, `citation of a document outside the repository: ${shown}`);
    }
  });
}

// Links inside docs/: `[text](other.md#anchor)`, `[text](#anchor)`.
for (const name of docs.keys()) {
  const file = join(docsFolder, name);
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((text, index) => {
    // Inline code shows link syntax without linking.
    const prose = text.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(([\w.-]*\.md)?(?:#([\w-]+))?\)/g)) {
      const target = match[1] ?? name;
      if (!match[1] && !match[2]) continue;
      checkTarget(file, index + 1, target, match[2], match[0].slice(1));
    }
  });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} citation problem(s). Headings and anchors: docs/README.md.`);
  process.exit(1);
}
console.log(`Doc citations: ${scannedFiles.size} files checked, every citation resolves.`);
