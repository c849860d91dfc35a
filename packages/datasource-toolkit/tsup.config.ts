import { defineConfig } from 'tsup';
import { asciiOutput } from '../../scripts/tsup-ascii-output.mjs';

export default defineConfig({
  entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  format: ['cjs', 'esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  // One copy of the toolkit shared by both entries (the testing entry reuses the main classes).
  splitting: true,
  target: 'node20',
  plugins: [asciiOutput],
  external: ['@jest/globals'],
});
