import type { Caller } from './caller';
import type { Chart } from './chart';
import type { Collection } from './collection';
import type { DataSourceSchema } from './schema';

/** The levels of a {@link Logger}. */
export type LoggerLevel = 'Debug' | 'Info' | 'Warn' | 'Error';

/** Where Grove packages write their logs. */
export type Logger = (level: LoggerLevel, message: string, error?: unknown) => void;

/**
 * A named set of collections.
 *
 * @example
 * ```ts
 * for (const collection of dataSource.collections) console.log(collection.name);
 * ```
 */
export interface DataSource {
  readonly collections: readonly Collection[];
  readonly schema: DataSourceSchema;
  /** Opaque connection definitions for native queries, by name. */
  readonly nativeQueryConnections: Readonly<Record<string, unknown>>;

  /** Returns a collection or throws a `MissingCollectionError`. */
  getCollection(name: string): Collection;
  /** Renders a data-source-level chart. */
  renderChart(caller: Caller, name: string, parameters?: Record<string, unknown>): Promise<Chart>;
  /** Runs a native query on one of the connections. */
  executeNativeQuery(
    connectionName: string,
    query: string,
    contextVariables?: Record<string, unknown>,
  ): Promise<Record<string, unknown>[]>;
  /**
   * Runs `work` in one transaction: every collection call made while it runs (on this data
   * source and its collections, from any nested async code) joins it; a nested `transaction`
   * call joins the outer one. When `work` throws, everything it wrote is rolled back and the
   * error is rethrown; otherwise its result is returned once committed. Data sources that cannot
   * roll back (the `BaseDataSource` default) run `work` as is and document it.
   *
   * @example
   * ```ts
   * await dataSource.transaction(async () => {
   *   const [order] = await orders.create(caller, [{ amount: 10 }]);
   *   await invoices.create(caller, [{ orderId: order?.id }]); // fails → the order is gone too
   * });
   * ```
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Builds a data source. Called at agent start and at every restart.
 *
 * @example
 * ```ts
 * const factory: DataSourceFactory = async logger => createMyDataSource(logger);
 * ```
 */
export type DataSourceFactory = (
  logger: Logger,
  restart: () => Promise<void>,
) => Promise<DataSource>;
