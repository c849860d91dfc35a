import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['cjs', 'esm'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
  },
  {
    // The `grove-platform` command: CommonJS only, with its shebang.
    entry: { 'bin/grove-platform': 'src/bin/grove-platform.ts' },
    format: ['cjs'],
    sourcemap: true,
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
