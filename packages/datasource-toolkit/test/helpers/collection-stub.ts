import type { Collection } from '../../src/interfaces/collection';
import type { DataSource } from '../../src/interfaces/data-source';
import type { CollectionSchema, FieldSchema } from '../../src/interfaces/schema';
import { missingCollection } from '../../src/errors/missing-schema-element-error';

/** A data source of stub collections, for tests that only need schemas. */
export function makeDataSource(collections: Collection[] = []): DataSource & {
  collections: Collection[];
} {
  const dataSource = {
    collections,
    schema: { charts: [] },
    nativeQueryConnections: {},
    getCollection(name: string): Collection {
      const collection = collections.find(c => c.name === name);
      if (!collection)
        throw missingCollection(
          name,
          collections.map(c => c.name),
        );

      return collection;
    },
    renderChart: () => Promise.reject(new Error('not in stub')),
    executeNativeQuery: () => Promise.reject(new Error('not in stub')),
    transaction: <T>(work: () => Promise<T>) => work(),
  };

  return dataSource;
}

/**
 * A collection stub holding a schema; data methods reject. Adds itself to `dataSource` when given.
 */
export function makeCollection(
  name: string,
  fields: Record<string, FieldSchema>,
  dataSource: ReturnType<typeof makeDataSource> = makeDataSource(),
  schema: Partial<CollectionSchema> = {},
): Collection {
  const reject = () => Promise.reject(new Error('not in stub'));
  const collection: Collection = {
    name,
    dataSource,
    schema: {
      fields,
      actions: {},
      segments: [],
      charts: [],
      countable: true,
      searchable: false,
      ...schema,
    },
    list: reject,
    create: reject,
    update: reject,
    delete: reject,
    aggregate: reject,
    execute: reject,
    getForm: reject,
    renderChart: reject,
  };
  dataSource.collections.push(collection);

  return collection;
}
