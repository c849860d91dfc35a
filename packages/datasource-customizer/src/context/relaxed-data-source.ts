import type { Caller, DataSource } from '@grove/datasource-toolkit';
import { RelaxedCollection } from './relaxed-collection';

/**
 * A data source as customization code sees it: collections are {@link RelaxedCollection}s bound
 * to the caller.
 *
 * @example
 * ```ts
 * const authors = context.dataSource.getCollection('authors');
 * ```
 */
export class RelaxedDataSource {
  constructor(
    private readonly dataSource: DataSource,
    private readonly caller: Caller,
  ) {}

  getCollection(name: string): RelaxedCollection {
    return new RelaxedCollection(this.dataSource.getCollection(name), this.caller);
  }

  /**
   * Runs `work` in one transaction: the writes it makes through this data source are undone
   * if it throws (on data sources that support transactions, per database).
   *
   * @example
   * ```ts
   * await context.dataSource.transaction(async () => {
   *   await context.dataSource.getCollection('orders').create([{ amount: 10 }]);
   *   await context.dataSource.getCollection('stock').update(filter, { reserved: 1 });
   * });
   * ```
   */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Runs a native query on one of the data source's connections. */
  runNativeQuery(
    connectionName: string,
    query: string,
    contextVariables?: Record<string, unknown>,
  ): Promise<Record<string, unknown>[]> {
    return this.dataSource.executeNativeQuery(connectionName, query, contextVariables);
  }
}
