import type {
  DataSource,
  DataSourceFactory,
  DataSourceSchema,
  Logger,
} from '@grove/datasource-toolkit';
import { CollectionCustomizer } from './collection-customizer';
import { CustomizationQueue, type CustomizationQueueOptions } from './customization-queue';
import type { DataSourceChartDefinition } from './decorators/chart/chart-definition';
import { PublicationDataSourceDecorator } from './decorators/publication/publication-data-source-decorator';
import {
  RenameCollectionDataSourceDecorator,
  type CollectionRenaming,
} from './decorators/rename-collection/rename-collection-data-source-decorator';
import type { Plugin } from './plugins/plugin';
import type { TCollectionName, TSchema, TUntypedSchema } from './types/schema-typing';

/** Options of {@link DataSourceCustomizer.addDataSource}: which collections, under which names. */
export interface DataSourceOptions {
  /** Keep only these collections (original names). */
  readonly include?: readonly string[];
  /** Drop these collections (original names). */
  readonly exclude?: readonly string[];
  /** New names: a map old → new, or a function returning the new name (or null to keep it). */
  readonly rename?: CollectionRenaming;
}

/** Options of a {@link DataSourceCustomizer}. */
export type DataSourceCustomizerOptions = CustomizationQueueOptions;

const noopLogger: Logger = () => {};
const noopRestart = async (): Promise<void> => {};

/**
 * Builds a customized data source: add data sources, customize their collections, load plugins.
 * Every call is queued and applied when the data source is built (`getDataSource`), in
 * registration order; building again replays everything from scratch, factories included.
 *
 * @example
 * ```ts
 * const customizer = new DataSourceCustomizer<Schema>();
 * customizer
 *   .addDataSource(createSqlDataSource(uri), { exclude: ['migrations'] })
 *   .customizeCollection('books', books => books.renameField('title', 'name'));
 * const dataSource = await customizer.getDataSource(logger);
 * ```
 */
export class DataSourceCustomizer<S extends TSchema = TUntypedSchema> {
  private readonly queue: CustomizationQueue;
  private built = false;

  constructor(options: DataSourceCustomizerOptions = {}) {
    this.queue = new CustomizationQueue(options);
  }

  /** The data-source schema as customization code sees it (built stack only). */
  get schema(): DataSourceSchema {
    return this.queue.stack.validation.schema;
  }

  /**
   * Customizers of every collection, removed ones included (customization code still uses
   * them). Meaningful once the stack is built, e.g. in a plugin.
   */
  get collections(): CollectionCustomizer<S>[] {
    return this.queue.stack.validation.collections.map(({ name }) =>
      this.getCollection(name as TCollectionName<S>),
    );
  }

  /** Adds the collections of a data source, optionally filtered and renamed. */
  addDataSource(factory: DataSourceFactory, options: DataSourceOptions = {}): this {
    this.queue.push(async ({ stack, logger, restart }) => {
      let dataSource = await factory(logger, restart);
      // Below the stack: excluded collections are really gone, renamed ones are renamed for
      // every customization.
      if (options.include || options.exclude) {
        const publication = new PublicationDataSourceDecorator(dataSource);
        publication.keepCollectionsMatching(options.include, options.exclude);
        dataSource = publication;
      }
      if (options.rename) {
        const renaming = new RenameCollectionDataSourceDecorator(dataSource);
        renaming.renameCollections(options.rename);
        dataSource = renaming;
      }
      stack.composite.addDataSource(dataSource);
    });

    return this;
  }

  /** Adds a data-source-level chart. */
  addChart(name: string, definition: DataSourceChartDefinition<S>): this {
    this.queue.push(({ stack }) => stack.chart.addChart(name, definition));

    return this;
  }

  /**
   * Customizes a collection: `handle` is called right away and its calls are queued. An unknown
   * collection fails at build time.
   */
  customizeCollection<N extends TCollectionName<S>>(
    name: N,
    handle: (collection: CollectionCustomizer<S, N>) => unknown,
  ): this {
    this.queue.push(({ stack }) => stack.validation.getCollection(name));
    handle(this.getCollection(name));

    return this;
  }

  /** A customizer of a collection (whether it exists is checked at build time). */
  getCollection<N extends TCollectionName<S>>(name: N): CollectionCustomizer<S, N> {
    return new CollectionCustomizer<S, N>(this, this.queue, name);
  }

  /** A customizer of a collection of the built stack, or undefined when there is none. */
  findCollection<N extends TCollectionName<S>>(name: N): CollectionCustomizer<S, N> | undefined {
    const exists = this.queue.stack.validation.collections.some(c => c.name === name);

    return exists ? this.getCollection(name) : undefined;
  }

  /** Removes collections from the exported API; customization code still uses them. */
  removeCollection(...names: TCollectionName<S>[]): this {
    this.queue.push(({ stack }) => {
      for (const name of names) stack.publication.removeCollection(name);
    });

    return this;
  }

  /** Loads a plugin on the data source (it receives `null` as collection customizer). */
  use<Options>(plugin: Plugin<Options, S>, options?: Options): this {
    this.queue.push(({ logger }) => plugin(this, null, options as Options, logger));

    return this;
  }

  /**
   * Builds (or rebuilds) the customized data source. A failing first build throws; a failing
   * rebuild logs the error and keeps the previous data source.
   */
  async getDataSource(
    logger: Logger = noopLogger,
    restart: () => Promise<void> = noopRestart,
  ): Promise<DataSource> {
    try {
      const dataSource = await this.queue.build(logger, restart);
      this.built = true;

      return dataSource;
    } catch (error) {
      if (!this.built) throw error;
      logger(
        'Error',
        `Agent failed to restart with the new configuration. Retaining the previous one.\n  ${String(error)}`,
        error,
      );

      return this.queue.stack.dataSource;
    }
  }

  /** The customized data source as a factory (each call rebuilds it). */
  getFactory(): DataSourceFactory {
    return (logger, restart) => this.getDataSource(logger, restart);
  }
}
