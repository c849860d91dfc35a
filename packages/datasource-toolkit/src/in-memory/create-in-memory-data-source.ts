import { missingSchemaElement } from '../errors/missing-schema-element-error';
import type { Collection } from '../interfaces/collection';
import type { DataSource, DataSourceFactory } from '../interfaces/data-source';
import type { InMemoryDataSourceDefinition } from './in-memory-definition';
import { InMemoryCollection } from './in-memory-collection';
import { InMemoryDataSource } from './in-memory-data-source';
import { InMemoryStore } from './in-memory-store';

/**
 * Builds a data source holding its records in memory: Grove's reference semantics for every
 * query feature. Every column can be filtered with every operator its type allows, collections
 * are countable and searchable, and the records are copied (the definition is never mutated).
 * `transaction` is emulated: a snapshot put back when the work throws, writers serialized.
 *
 * @example
 * ```ts
 * const dataSource = createInMemoryDataSource({
 *   collections: {
 *     authors: {
 *       fields: {
 *         id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
 *         name: { type: 'Column', columnType: 'String' },
 *       },
 *       records: [{ id: 1, name: 'Ada' }],
 *       segments: { ada: { field: 'name', operator: 'Equal', value: 'Ada' } },
 *     },
 *   },
 * });
 * ```
 */
export function createInMemoryDataSource(definition: InMemoryDataSourceDefinition): DataSource {
  const store = new InMemoryStore();
  const dataSource = new InMemoryDataSource(store);
  const entries = Object.entries(definition.collections);

  for (const [name, collection] of entries) {
    dataSource.addCollection(new InMemoryCollection(name, dataSource, store, collection));
  }
  dataSource.collections.forEach(checkRelations);
  // Records are loaded once every collection exists (their validation may read relations).
  for (const [name, collection] of entries)
    dataSource.getCollection(name).load(collection.records ?? []);

  return dataSource;
}

/**
 * The {@link DataSourceFactory} form of {@link createInMemoryDataSource}, for `addDataSource`.
 * Each call of the factory (agent start, restart) builds a fresh data source from the definition.
 *
 * @example
 * ```ts
 * agent.addDataSource(inMemoryDataSourceFactory({ collections: { books: { fields } } }));
 * ```
 */
export function inMemoryDataSourceFactory(
  definition: InMemoryDataSourceDefinition,
): DataSourceFactory {
  return async () => createInMemoryDataSource(definition);
}

/** Fails early on a relation naming an unknown collection or key column. */
function checkRelations(collection: Collection): void {
  for (const field of Object.values(collection.schema.fields)) {
    if (field.type === 'Column') continue;
    const foreign = collection.dataSource.getCollection(field.foreignCollection);
    const keys: Array<[Collection, string]> =
      field.type === 'ManyToOne'
        ? [
            [collection, field.foreignKey],
            [foreign, field.foreignKeyTarget],
          ]
        : field.type === 'ManyToMany'
          ? [
              [collection, field.originKeyTarget],
              [foreign, field.foreignKeyTarget],
              [collection.dataSource.getCollection(field.throughCollection), field.originKey],
              [collection.dataSource.getCollection(field.throughCollection), field.foreignKey],
            ]
          : [
              [collection, field.originKeyTarget],
              [foreign, field.originKey],
            ];

    for (const [owner, key] of keys) {
      if (owner.schema.fields[key]?.type !== 'Column') {
        const columns = Object.keys(owner.schema.fields).filter(
          name => owner.schema.fields[name]?.type === 'Column',
        );
        throw missingSchemaElement('column', owner.name, key, columns);
      }
    }
  }
}
