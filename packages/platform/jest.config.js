// oidc-provider 8 and some of its dependencies are published as ES modules only. Jest runs
// CommonJS, so those packages (and only those) go through SWC like our own sources; everything
// else in node_modules stays untransformed. pnpm stores packages as `.pnpm/<name>@<version>/`
// (a scope's slash becomes `+`).
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
  ...require('../../jest.preset.js'),
  transformIgnorePatterns: [`/node_modules/\\.pnpm/(?!(${esmOnly.join('|')})@)`],
};
