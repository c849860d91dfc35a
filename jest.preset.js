// The one jest preset of the monorepo: TypeScript through SWC (type checking is the
// `typecheck` task's job), tests under `test/`, real services read from environment variables.

// oidc-provider 8 (the platform's login) and some of its dependencies are published as ES
// modules only. Jest runs CommonJS, so those packages (and only those) go through SWC like our
// own sources, in every package whose tests load the platform; everything else in node_modules
// stays untransformed. pnpm stores packages as `.pnpm/<name>@<version>/` (a scope's slash
// becomes `+`).
const esmOnly = [
  'oidc-provider',
  'got',
  '@sindresorhus\\+is',
  '@szmarczak\\+http-timer',
  'cacheable-lookup',
  'cacheable-request',
  'mimic-response',
  'normalize-url',
  'responselike',
  'lowercase-keys',
  'form-data-encoder',
  'p-cancelable',
  'nanoid',
  'quick-lru',
];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  transformIgnorePatterns: [`/node_modules/\\.pnpm/(?!(${esmOnly.join('|')})@)`],
  // Sibling workspace packages are resolved to their sources so tests never run stale builds.
  moduleNameMapper: {
    '^@grove/([a-z-]+)$': '<rootDir>/../$1/src/index.ts',
    '^@grove/([a-z-]+)/([a-z-]+)$': '<rootDir>/../$1/src/$2/index.ts',
  },
  clearMocks: true,
  setupFilesAfterEnv: [require.resolve('./scripts/jest-has-assertions.cjs')],
  // Integration tests start real servers and databases: a slow, loaded machine must not turn a
  // start-up into a failure (and a hook that timed out leaves servers open, which keeps jest
  // from exiting). Speed is measured by benchmarks, never by this limit.
  testTimeout: 30_000,
  reporters: ['default', require.resolve('./scripts/jest-summary-reporter.cjs')],
};
