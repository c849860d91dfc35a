import { defineConfig } from 'tsup';
import { asciiOutput } from '../../scripts/tsup-ascii-output.mjs';

export default defineConfig({
  entry: { index: 'src/index.ts', 'bin/grove-cloud': 'src/bin/grove-cloud.ts' },
  format: ['cjs', 'esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node20',
  plugins: [asciiOutput],
});
