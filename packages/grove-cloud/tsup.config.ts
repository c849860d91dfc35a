import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'bin/grove-cloud': 'src/bin/grove-cloud.ts' },
  format: ['cjs', 'esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node20',
});
