import { defineConfig } from 'tsup';
import { asciiOutput } from '../../scripts/tsup-ascii-output.mjs';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['cjs', 'esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  // `__filename` in the ES module build: drivers are loaded with `createRequire(__filename)`.
  shims: true,
  plugins: [asciiOutput],
});
