import { describe } from '@jest/globals';
import type { CollectionConformanceSuiteOptions } from './suite/conformance-options';
import { useDataSource } from './suite/data-source-holder';
import { describeReads } from './suite/describe-reads';
import { describeSortAndAggregates } from './suite/describe-sort-and-aggregates';
import { describeWrites } from './suite/describe-writes';

/**
 * Registers jest tests checking that a data source serves the conformance fixture with Grove's
 * semantics: every record and column, every operator of every column type (with expected ids
 * written by hand, nulls included), relative dates in three timezones, relation paths, sorts,
 * pages, projections, aggregates and writes. Read checks share one data source; each write check
 * gets a fresh one. Call it at the top level of a test file.
 *
 * @example
 * ```ts
 * import { runCollectionConformanceSuite } from '@grove/datasource-toolkit/testing';
 *
 * runCollectionConformanceSuite({
 *   name: 'SQLite',
 *   createDataSource: async fixture => createSqlDataSourceFromFixture('sqlite::memory:', fixture),
 *   teardown: async dataSource => closeSqlDataSource(dataSource),
 *   // SQLite has no array type: ['String'] columns are not stored.
 *   skipColumnTypes: ['Array'],
 * });
 * ```
 */
export function runCollectionConformanceSuite(options: CollectionConformanceSuiteOptions): void {
  describe(`${options.name}: collection conformance`, () => {
    describe('reads', () => {
      const source = useDataSource(options, 'all');
      describeReads(options, source);
      describeSortAndAggregates(options, source);
    });
    describeWrites(options);
  });
}
