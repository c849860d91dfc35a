import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts', index: 'src/index.ts' },
  format: ['cjs'],
  clean: true,
  sourcemap: true,
  target: 'node20',
});
