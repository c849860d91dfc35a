// Bundles the customization (src/index.ts and everything it imports) into the one CommonJS file
// that `grove-cloud package` zips and the platform loads: dist/code-customizations/index.js.
import { build, context } from 'esbuild';

const options = {
  entryPoints: ['src/index.ts'],
  outfile: 'dist/code-customizations/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'inline',
  logLevel: 'info',
};

if (process.argv.includes('--watch')) await (await context(options)).watch();
else await build(options);
