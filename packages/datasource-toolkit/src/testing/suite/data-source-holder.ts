import { afterAll, afterEach, beforeAll, beforeEach } from '@jest/globals';
import { deepCopy } from '../../in-memory/deep-copy';
import type { Collection } from '../../interfaces/collection';
import type { DataSource } from '../../interfaces/data-source';
import { conformanceFixture } from '../fixture/conformance-fixture';
import type { CollectionConformanceSuiteOptions } from './conformance-options';

/** Building a database may take longer than jest's default hook timeout. */
const hookTimeout = 120_000;

/** The data source the checks of a `describe` block read. */
export interface DataSourceHolder {
  collection(name: string): Collection;
}

/**
 * Registers hooks building a data source from a private copy of the fixture and tearing it down:
 * once for the block (`'all'`, read checks) or around each check (`'each'`, write checks).
 *
 * @example
 * ```ts
 * const source = useDataSource(options, 'each');
 * it('deletes', async () => { await source.collection('books').delete(caller, filter); });
 * ```
 */
export function useDataSource(
  options: CollectionConformanceSuiteOptions,
  scope: 'all' | 'each',
): DataSourceHolder {
  let dataSource: DataSource | null = null;
  const setUp = async (): Promise<void> => {
    dataSource = await options.createDataSource(deepCopy(conformanceFixture));
  };
  const tearDown = async (): Promise<void> => {
    if (dataSource) await options.teardown?.(dataSource);
    dataSource = null;
  };
  (scope === 'all' ? beforeAll : beforeEach)(setUp, hookTimeout);
  (scope === 'all' ? afterAll : afterEach)(tearDown, hookTimeout);

  return {
    collection(name) {
      if (!dataSource) throw new Error('The data source of the conformance suite is not ready');

      return dataSource.getCollection(name);
    },
  };
}
