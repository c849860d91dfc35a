import {
  Aggregation,
  ConditionTreeFactory,
  PaginatedFilter,
  Projection,
  createInMemoryDataSource,
  type Caller,
  type Collection,
  type DataSource,
  type InMemoryDataSourceDefinition,
  type Logger,
  type PlainConditionTree,
  type RecordData,
} from '@grove/datasource-toolkit';
import { DataSourceCustomizer } from '../../src/data-source-customizer';

/** The caller of every test (Paris timezone). */
export const caller: Caller = {
  id: 1,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  team: 'Operations',
  role: 'Admin',
  tags: {},
  timezone: 'Europe/Paris',
};

/** authors ← books (authorId), books ↔ tags through bookTags; authors ← profiles (1-1). */
export const libraryDefinition: InMemoryDataSourceDefinition = {
  collections: {
    authors: {
      fields: {
        id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
        firstName: { type: 'Column', columnType: 'String' },
        lastName: { type: 'Column', columnType: 'String' },
        country: { type: 'Column', columnType: 'String' },
      },
      records: [
        { id: 1, firstName: 'Frank', lastName: 'Herbert', country: 'US' },
        { id: 2, firstName: 'Ursula', lastName: 'Le Guin', country: 'US' },
        { id: 3, firstName: 'Jules', lastName: 'Verne', country: 'FR' },
      ],
    },
    books: {
      fields: {
        id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
        title: { type: 'Column', columnType: 'String' },
        year: { type: 'Column', columnType: 'Number' },
        authorId: { type: 'Column', columnType: 'Number' },
        author: {
          type: 'ManyToOne',
          foreignCollection: 'authors',
          foreignKey: 'authorId',
          foreignKeyTarget: 'id',
        },
      },
      records: [
        { id: 1, title: 'Dune', year: 1965, authorId: 1 },
        { id: 2, title: 'The Dispossessed', year: 1974, authorId: 2 },
        { id: 3, title: 'Earthsea', year: 1968, authorId: 2 },
        { id: 4, title: 'Around the World', year: 1872, authorId: 3 },
      ],
    },
    tags: {
      fields: {
        id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
        label: { type: 'Column', columnType: 'String' },
      },
      records: [
        { id: 1, label: 'classic' },
        { id: 2, label: 'space' },
      ],
    },
    bookTags: {
      fields: {
        bookId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
        tagId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
      },
      records: [
        { bookId: 1, tagId: 2 },
        { bookId: 4, tagId: 1 },
      ],
    },
  },
};

/** A fresh in-memory library. */
export function createLibrary(): DataSource {
  return createInMemoryDataSource(libraryDefinition);
}

/** Lists with a plain tree and projection, sorted by the given fields (ids by default). */
export function list(
  collection: Collection,
  projection: string[],
  conditionTree?: PlainConditionTree,
): Promise<RecordData[]> {
  return collection.list(
    caller,
    new PaginatedFilter({
      conditionTree: ConditionTreeFactory.fromPlainObject(conditionTree ?? null),
    }),
    new Projection(...projection),
  );
}

/** A filter from a plain tree. */
export function filterOf(conditionTree?: PlainConditionTree): PaginatedFilter {
  return new PaginatedFilter({
    conditionTree: ConditionTreeFactory.fromPlainObject(conditionTree ?? null),
  });
}

/** Counts the records matching a plain tree. */
export async function count(collection: Collection, tree?: PlainConditionTree): Promise<unknown> {
  const rows = await collection.aggregate(
    caller,
    filterOf(tree),
    new Aggregation({ operation: 'Count' }),
  );

  return rows[0]?.value;
}

/** Builds a customizer over a fresh library, customized by `customize`. */
export async function buildLibrary(
  customize: (customizer: DataSourceCustomizer) => unknown = () => {},
  logger: Logger = () => {},
): Promise<DataSource> {
  const customizer = new DataSourceCustomizer();
  customizer.addDataSource(async () => createLibrary());
  customize(customizer);

  return customizer.getDataSource(logger);
}
