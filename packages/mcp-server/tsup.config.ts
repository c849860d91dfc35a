import { defineConfig } from 'tsup';
import { asciiOutput } from '../../scripts/tsup-ascii-output.mjs';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'testing/index': 'src/testing/index.ts',
    'bin/grove-mcp-server': 'src/bin/grove-mcp-server.ts',
  },
  format: ['cjs', 'esm'],
  dts: { entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node20',
  plugins: [asciiOutput],
});
