// The `@grove/datasource-toolkit/testing` entry point: the collection conformance suite and
// its fixture, the library fixture of unit tests. Written out by hand, like the main entry point.

export { runCollectionConformanceSuite } from './run-collection-conformance-suite';
export type {
  CollectionConformanceSuiteOptions,
  ConformanceColumnType,
} from './suite/conformance-options';
export {
  conformanceFixture,
  conformanceNow,
  conformanceTimezones,
} from './fixture/conformance-fixture';
export type { ConformanceTimezone } from './fixture/conformance-fixture';
export type { ConformanceFixture, ConformanceCollectionFixture } from './fixture/fixture-types';
export { normalizeColumnValue } from './suite/normalize';
export { createLibraryFixture } from './library/create-library-fixture';
export type { LibraryFieldOption, LibraryFixtureOptions } from './library/library-fixture-options';
export type { LibraryCollectionName } from './library/library-collections';
export { libraryCaller } from './library/library-caller';
export { describeOrSkip } from './skip/describe-or-skip';
export { missingEnv } from './skip/missing-env';
export { reportSkipped } from './skip/report-skipped';
export { hiddenClassChanges } from './hidden-class-changes';
export { seededRandom } from './seeded-random';
