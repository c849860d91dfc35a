import { ValidationError } from '../errors/errors';
import { missingCollection } from '../errors/missing-schema-element-error';
import type { Caller } from '../interfaces/caller';
import type { Chart } from '../interfaces/chart';
import type { Collection } from '../interfaces/collection';
import type { DataSource } from '../interfaces/data-source';
import type { DataSourceSchema } from '../interfaces/schema';

/**
 * The base every data source extends: a named set of collections kept in insertion order, no
 * data-source chart and no native query connection until the subclass adds some.
 *
 * @example
 * ```ts
 * class ApiDataSource extends BaseDataSource {
 *   constructor(client: ApiClient) {
 *     super();
 *     this.addCollection(new ApiUsersCollection(this, client));
 *   }
 * }
 * ```
 */
export class BaseDataSource<T extends Collection = Collection> implements DataSource {
  readonly schema: DataSourceSchema = { charts: [] };
  readonly nativeQueryConnections: Record<string, unknown> = {};
  private readonly byName = new Map<string, T>();

  /** The collections, in the order they were added. */
  get collections(): T[] {
    return [...this.byName.values()];
  }

  /** Returns a collection, or throws `MissingCollectionError` listing the available ones. */
  getCollection(name: string): T {
    const collection = this.byName.get(name);
    if (!collection) throw missingCollection(name, [...this.byName.keys()]);

    return collection;
  }

  /** Adds a collection; a second collection with the same name is a ValidationError. */
  addCollection(collection: T): void {
    if (this.byName.has(collection.name)) {
      throw new ValidationError(`Collection '${collection.name}' already defined in datasource`, {
        name: 'AlreadyDefinedCollectionError',
      });
    }
    this.byName.set(collection.name, collection);
  }

  /** Declares a native query connection; names are unique. */
  protected addNativeQueryConnection(name: string, connection: unknown): void {
    if (name in this.nativeQueryConnections) {
      throw new ValidationError(`NativeQueryConnection '${name}' is already defined in datasource`);
    }
    this.nativeQueryConnections[name] = connection;
  }

  /** Declares a data-source-level chart that `renderChart` knows how to render. */
  protected addChart(name: string): void {
    if (this.schema.charts.includes(name)) {
      throw new ValidationError(`Chart '${name}' already defined in datasource`);
    }
    this.schema.charts.push(name);
  }

  /** Renders a data-source-level chart. The base has none. */
  async renderChart(
    _caller: Caller,
    name: string,
    _parameters?: Record<string, unknown>,
  ): Promise<Chart> {
    throw new ValidationError(`No chart named '${name}' exists on this datasource.`);
  }

  /**
   * Runs `work` as is: NOT atomic. A data source that can roll back overrides this (the SQL and
   * in-memory sources do); one that cannot keeps this default, and a failure half-way through
   * a multi-step write then leaves the earlier steps applied.
   *
   * @example
   * ```ts
   * class ApiDataSource extends BaseDataSource {
   *   override transaction<T>(work: () => Promise<T>): Promise<T> {
   *     return this.client.inTransaction(work); // when the API has transactions
   *   }
   * }
   * ```
   */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  /** Runs a native query. The base supports none. */
  async executeNativeQuery(
    _connectionName: string,
    _query: string,
    _contextVariables?: Record<string, unknown>,
  ): Promise<Record<string, unknown>[]> {
    throw new ValidationError('Native Query is not supported on this datasource');
  }
}
