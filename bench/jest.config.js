const preset = require('../jest.preset.js');

// The bench lives at the root of the repository: map the workspace packages to their sources.
module.exports = {
  ...preset,
  moduleNameMapper: {
    '^@grove/([a-z-]+)$': '<rootDir>/../packages/$1/src/index.ts',
    '^@grove/([a-z-]+)/([a-z-]+)$': '<rootDir>/../packages/$1/src/$2/index.ts',
  },
};
