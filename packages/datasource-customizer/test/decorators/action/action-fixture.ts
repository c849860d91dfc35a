import {
  createInMemoryDataSource,
  type Caller,
  type Collection,
  type DataSource,
} from '@grove/datasource-toolkit';
import { createLibraryFixture, libraryCaller } from '@grove/datasource-toolkit/testing';
import { ActionCollectionDecorator } from '../../../src/decorators/action/action-collection-decorator';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';

/** A caller in Paris. */
export const caller: Caller = { ...libraryCaller, team: 'Operations' };

/** books → authors, and ratings with a composite primary key (bookId, userId). */
export function createActionSource(): DataSource {
  return createInMemoryDataSource(
    createLibraryFixture({
      collections: ['authors', 'books'],
      fields: { authors: { firstName: null, lastName: null, books: null, name: 'String' } },
      records: {
        authors: [
          { id: 1, name: 'Frank Herbert' },
          { id: 2, name: 'Ursula Le Guin' },
        ],
      },
      extraCollections: {
        ratings: {
          fields: {
            bookId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            userId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            score: { type: 'Column', columnType: 'Number' },
          },
          records: [
            { bookId: 1, userId: 7, score: 5 },
            { bookId: 3, userId: 8, score: 4 },
          ],
        },
      },
    }),
  );
}

/** The action layer over a fresh in-memory source, and its raw collections (to spy on). */
export function setup(): {
  raw: DataSource;
  books: ActionCollectionDecorator;
  ratings: ActionCollectionDecorator;
  rawBooks: Collection;
} {
  const raw = createActionSource();
  const layer = new DataSourceDecorator(raw, ActionCollectionDecorator);

  return {
    raw,
    books: layer.getCollection('books'),
    ratings: layer.getCollection('ratings'),
    rawBooks: raw.getCollection('books'),
  };
}
