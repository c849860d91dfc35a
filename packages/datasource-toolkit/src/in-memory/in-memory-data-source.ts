import { BaseDataSource } from '../base/base-data-source';
import type { InMemoryCollection } from './in-memory-collection';
import type { InMemoryStore } from './in-memory-store';

/**
 * The data source of {@link createInMemoryDataSource}: its collections share one store, whose
 * transactions emulate a database's (snapshot, restore on failure, writers serialized).
 *
 * @example
 * ```ts
 * const dataSource = new InMemoryDataSource(new InMemoryStore());
 * await dataSource.transaction(async () => { … });
 * ```
 */
export class InMemoryDataSource extends BaseDataSource<InMemoryCollection> {
  constructor(private readonly store: InMemoryStore) {
    super();
  }

  /** Runs `work` atomically: if it throws, the rows of every collection are put back. */
  override transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.store.transaction(work);
  }
}
