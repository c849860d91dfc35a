import { defineConfig } from 'tsup';

// The runner, the target process and the platform process are separate entries: each agent (and
// the Grove stack's platform) runs in a child process of its own, so that its CPU time and memory
// are measured alone.
export default defineConfig({
  entry: {
    'run-bench': 'src/run-bench.ts',
    'target-process': 'src/targets/target-process.ts',
    'platform-process': 'src/stack/platform-process.ts',
    'sandbox-process': 'src/stack/sandbox-process.ts',
    'generate-dataset': 'src/dataset/generate-dataset-cli.ts',
    'dev-serve': 'src/dev-serve.ts',
  },
  format: ['cjs'],
  clean: true,
  sourcemap: true,
  target: 'node20',
  // Everything is required at run time from node_modules, as a user's agent would (the vendor's
  // packages, devDependencies, included).
  skipNodeModulesBundle: true,
});
