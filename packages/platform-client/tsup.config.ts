import { defineConfig } from 'tsup';
import { asciiOutput } from '../../scripts/tsup-ascii-output.mjs';

export default defineConfig({
  entry: { index: 'src/index.ts', 'hosting/index': 'src/hosting/index.ts' },
  format: ['cjs', 'esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  plugins: [asciiOutput],
});
