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
import { createLibraryFixture, libraryCaller } from '@grove/datasource-toolkit/testing';
import { DataSourceCustomizer } from '../../src/data-source-customizer';

/** The caller of every test (Paris timezone). */
export const caller: Caller = { ...libraryCaller, team: 'Operations' };

/**
 * authors ← books (authorId, relation `author` only), tags and bookTags: plain rows (the tests
 * declare the other relations through the customizer).
 */
export const libraryDefinition: InMemoryDataSourceDefinition = createLibraryFixture({
  collections: ['authors', 'books', 'tags', 'bookTags'],
  fields: {
    authors: { books: null, country: 'String' },
    books: { price: null, year: 'Number', tags: null },
    tags: { books: null },
    bookTags: { book: null, tag: null },
  },
  records: {
    authors: [
      { id: 1, firstName: 'Frank', lastName: 'Herbert', country: 'US' },
      { id: 2, firstName: 'Ursula', lastName: 'Le Guin', country: 'US' },
      { id: 3, firstName: 'Jules', lastName: 'Verne', country: 'FR' },
    ],
    books: [
      { id: 1, title: 'Dune', year: 1965, authorId: 1 },
      { id: 2, title: 'The Dispossessed', year: 1974, authorId: 2 },
      { id: 3, title: 'Earthsea', year: 1968, authorId: 2 },
      { id: 4, title: 'Around the World', year: 1872, authorId: 3 },
    ],
    tags: [
      { id: 1, label: 'classic' },
      { id: 2, label: 'space' },
    ],
    bookTags: [
      { bookId: 1, tagId: 2 },
      { bookId: 4, tagId: 1 },
    ],
  },
});

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
