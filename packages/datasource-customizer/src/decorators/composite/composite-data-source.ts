import {
  ValidationError,
  missingCollection,
  type Caller,
  type Chart,
  type Collection,
  type DataSource,
  type DataSourceSchema,
} from '@grove/datasource-toolkit';

/**
 * Merges several data sources into one: their collections, their charts and their native query
 * connections. Names must be unique across the merged sources.
 *
 * @example
 * ```ts
 * const composite = new CompositeDataSource();
 * composite.addDataSource(sqlDataSource);
 * composite.addDataSource(apiDataSource);
 * ```
 */
export class CompositeDataSource implements DataSource {
  private readonly dataSources: DataSource[] = [];

  get collections(): Collection[] {
    return this.dataSources.flatMap(dataSource => [...dataSource.collections]);
  }

  get schema(): DataSourceSchema {
    return { charts: this.dataSources.flatMap(dataSource => dataSource.schema.charts) };
  }

  get nativeQueryConnections(): Readonly<Record<string, unknown>> {
    return Object.assign({}, ...this.dataSources.map(source => source.nativeQueryConnections));
  }

  /** Adds a data source; a collection, chart or connection name already used is refused. */
  addDataSource(dataSource: DataSource): void {
    for (const { name } of dataSource.collections) {
      if (this.findCollection(name)) {
        throw new ValidationError(`Collection '${name}' already exists`);
      }
    }
    for (const name of dataSource.schema.charts) {
      if (this.schema.charts.includes(name)) {
        throw new ValidationError(`Chart '${name}' is already defined in datasource.`);
      }
    }
    for (const name of Object.keys(dataSource.nativeQueryConnections)) {
      if (name in this.nativeQueryConnections) {
        throw new ValidationError(
          `Native query connection '${name}' is already defined in datasource.`,
        );
      }
    }
    this.dataSources.push(dataSource);
  }

  getCollection(name: string): Collection {
    const collection = this.findCollection(name);
    if (!collection)
      throw missingCollection(
        name,
        this.collections.map(c => c.name),
      );

    return collection;
  }

  async renderChart(
    caller: Caller,
    name: string,
    parameters?: Record<string, unknown>,
  ): Promise<Chart> {
    const owner = this.dataSources.find(dataSource => dataSource.schema.charts.includes(name));
    if (!owner) throw new ValidationError(`Chart '${name}' is not defined in the dataSource.`);

    return owner.renderChart(caller, name, parameters);
  }

  async executeNativeQuery(
    connectionName: string,
    query: string,
    contextVariables?: Record<string, unknown>,
  ): Promise<Record<string, unknown>[]> {
    const owner = this.dataSources.find(source => connectionName in source.nativeQueryConnections);
    if (!owner) throw new ValidationError(`Unknown connection name '${connectionName}'`);

    return owner.executeNativeQuery(connectionName, query, contextVariables);
  }

  /**
   * Runs `work` in one transaction per merged data source, nested: every write of `work` joins
   * the transaction of its own data source, and all are rolled back when `work` throws. Atomic
   * per database, NOT across databases: the commits happen one after the other, so a commit
   * failing after another one succeeded leaves that one applied.
   */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    const nested = this.dataSources.reduceRight<() => Promise<T>>(
      (inner, dataSource) => () => dataSource.transaction(inner),
      work,
    );

    return nested();
  }

  private findCollection(name: string): Collection | undefined {
    return this.collections.find(collection => collection.name === name);
  }
}
