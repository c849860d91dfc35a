// The one jest preset of the monorepo: TypeScript through SWC (type checking is the
// `typecheck` task's job), tests under `test/`, real services read from environment variables.
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
  // Sibling workspace packages are resolved to their sources so tests never run stale builds.
  moduleNameMapper: {
    '^@grove/([a-z-]+)$': '<rootDir>/../$1/src/index.ts',
    '^@grove/([a-z-]+)/([a-z-]+)$': '<rootDir>/../$1/src/$2/index.ts',
  },
  clearMocks: true,
  reporters: ['default', require.resolve('./scripts/jest-summary-reporter.cjs')],
};
