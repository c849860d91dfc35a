// Every test of the monorepo must assert something: a test that runs no `expect` fails instead of
// passing silently (skipped tests do not run, so they are not concerned).
beforeEach(() => {
  expect.hasAssertions();
});
