import { defineConfig } from 'tsup';
import { asciiOutput } from '../../scripts/tsup-ascii-output.mjs';

// The Node entry only (where the built app lives); the app itself is built by Vite (vite.config.ts).
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['cjs', 'esm'],
  dts: true,
  clean: false,
  sourcemap: true,
  shims: true,
  target: 'node20',
  plugins: [asciiOutput],
});
