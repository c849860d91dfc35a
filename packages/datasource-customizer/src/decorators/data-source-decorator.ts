import type {
  Caller,
  Chart,
  Collection,
  DataSource,
  DataSourceSchema,
} from '@grove/datasource-toolkit';
import { invalidateStackCaches, type CollectionDecorator } from './collection-decorator';

/**
 * Builds the decorator of one child collection. The data source parameter is the base type so
 * that `DataSourceDecorator<X>` stays assignable to `DataSourceDecorator` (covariant in X).
 */
export type CollectionDecoratorConstructor<T extends CollectionDecorator> = new (
  child: Collection,
  dataSource: DataSourceDecorator,
) => T;

/**
 * A layer over a whole data source: wraps each child collection in its collection decorator,
 * lazily and once (the same instance on every lookup), and forwards schema, charts, native
 * queries and transactions.
 */
export class DataSourceDecorator<
  T extends CollectionDecorator = CollectionDecorator,
> implements DataSource {
  protected readonly child: DataSource;
  private readonly CollectionClass: CollectionDecoratorConstructor<T>;
  private readonly decorators = new Map<Collection, T>();

  constructor(child: DataSource, CollectionClass: CollectionDecoratorConstructor<T>) {
    this.child = child;
    this.CollectionClass = CollectionClass;
  }

  get collections(): T[] {
    return this.child.collections.map(collection => this.wrap(collection));
  }

  get schema(): DataSourceSchema {
    return this.child.schema;
  }

  get nativeQueryConnections(): Readonly<Record<string, unknown>> {
    return this.child.nativeQueryConnections;
  }

  getCollection(name: string): T {
    return this.wrap(this.child.getCollection(name));
  }

  /** Returns the decorated collection, or undefined when the child has no such collection. */
  findCollection(name: string): T | undefined {
    const collection = this.child.collections.find(c => c.name === name);

    return collection ? this.wrap(collection) : undefined;
  }

  renderChart(caller: Caller, name: string, parameters?: Record<string, unknown>): Promise<Chart> {
    return this.child.renderChart(caller, name, parameters);
  }

  executeNativeQuery(
    connectionName: string,
    query: string,
    contextVariables?: Record<string, unknown>,
  ): Promise<Record<string, unknown>[]> {
    return this.child.executeNativeQuery(connectionName, query, contextVariables);
  }

  /** Runs `work` in a transaction of the child (see `DataSource.transaction`). */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.child.transaction(work);
  }

  /** Marks every collection of this layer dirty (after a change that affects other schemas). */
  markAllSchemasAsDirty(): void {
    // Also when no collection was wrapped yet: names cached above may change with it.
    invalidateStackCaches();
    for (const decorator of this.decorators.values()) decorator.markSchemaAsDirty();
  }

  protected wrap(collection: Collection): T {
    let decorator = this.decorators.get(collection);
    if (!decorator) {
      decorator = new this.CollectionClass(collection, this);
      this.decorators.set(collection, decorator);
    }

    return decorator;
  }
}
