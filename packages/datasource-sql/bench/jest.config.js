// Benchmarks run through the monorepo's jest preset (SWC, @grove/* mapped to sources), but only
// when asked: `npx jest -c bench/jest.config.js`. They print numbers and assert nothing timed.
const preset = require('../../../jest.preset.js');

module.exports = {
  ...preset,
  rootDir: '..',
  roots: ['<rootDir>/bench'],
  testMatch: ['**/*.bench.ts'],
  testTimeout: 120_000,
};
