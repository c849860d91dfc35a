// Runs the TypeScript benchmarks without a build: `node -r ./bench/register.cjs bench/x.ts`.
// Compiles .ts files with SWC (as jest does) and resolves sibling `@grove/*` packages to their
// sources, like the jest preset's moduleNameMapper.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');

const packages = join(__dirname, '..', '..');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const grove = /^@grove\/([a-z-]+)$/.exec(request);
  if (grove) return join(packages, grove[1], 'src', 'index.ts');
  try {
    return resolve.call(this, request, ...rest);
  } catch (error) {
    // Extensionless relative imports of TypeScript sources.
    if (!request.startsWith('.')) throw error;
    try {
      return resolve.call(this, `${request}.ts`, ...rest);
    } catch {
      return resolve.call(this, `${request}/index.ts`, ...rest);
    }
  }
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
