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

  /** Runs a native query on one of the data source's connections. */
  runNativeQuery(
    connectionName: string,
    query: string,
    contextVariables?: Record<string, unknown>,
  ): Promise<Record<string, unknown>[]> {
    return this.dataSource.executeNativeQuery(connectionName, query, contextVariables);
  }
}
