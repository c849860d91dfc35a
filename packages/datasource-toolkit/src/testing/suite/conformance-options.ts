import type { DataSource } from '../../interfaces/data-source';
import type { PrimitiveType } from '../../interfaces/schema';
import type { Operator } from '../../query/condition-tree/operators';
import type { ConformanceFixture } from '../fixture/fixture-types';

/** A column type as the suite's opt-outs name it: a primitive, or `Array` for `['String']`. */
export type ConformanceColumnType = PrimitiveType | 'Array';

/**
 * Options of `runCollectionConformanceSuite`. Every opt-out is explicit: list what your data
 * source cannot do, with a comment saying why, and the suite checks everything else.
 */
export interface CollectionConformanceSuiteOptions {
  /** Names the `describe` block. */
  readonly name: string;
  /**
   * Builds a data source serving the fixture (a private copy, free to mutate). Called once for
   * the read checks and once before each write check, which may change the data.
   */
  createDataSource(fixture: ConformanceFixture): Promise<DataSource>;
  /** Releases a data source built by `createDataSource` (connections, temporary databases). */
  teardown?(dataSource: DataSource): Promise<void>;
  /**
   * Column types the data source cannot store: their columns are left out of every check (the
   * data source may leave them out of its schema).
   */
  readonly skipColumnTypes?: readonly ConformanceColumnType[];
  /**
   * Operators not checked, per column type: for operators the data source neither supports nor
   * can express with the ones it supports (the suite rewrites those it can, like the customizer).
   */
  readonly skipOperators?: Readonly<Partial<Record<ConformanceColumnType, readonly Operator[]>>>;
}
