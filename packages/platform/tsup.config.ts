import { defineConfig } from 'tsup';
import { asciiOutput } from '../../scripts/tsup-ascii-output.mjs';

export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['cjs', 'esm'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    plugins: [asciiOutput],
    // `__dirname` in the ESM build too: the hosted agents' entry is found from it.
    shims: true,
  },
  {
    // The child process of a hosted agent (see src/hosting/hosted-agent-entry.ts): CommonJS,
    // started with `node dist/hosting/hosted-agent-process.js`.
    entry: { 'hosting/hosted-agent-process': 'src/hosting/hosted-agent-process.ts' },
    format: ['cjs'],
    sourcemap: true,
    target: 'node20',
    plugins: [asciiOutput],
  },
  {
    // The `grove-platform` command: CommonJS only, with its shebang.
    entry: { 'bin/grove-platform': 'src/bin/grove-platform.ts' },
    format: ['cjs'],
    sourcemap: true,
    target: 'node20',
    plugins: [asciiOutput],
    banner: { js: '#!/usr/bin/env node' },
  },
]);
