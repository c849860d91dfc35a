import {
  createInMemoryDataSource,
  type Caller,
  type Collection,
  type DataSource,
} from '@grove/datasource-toolkit';
import { ActionCollectionDecorator } from '../../../src/decorators/action/action-collection-decorator';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';

/** A caller in Paris. */
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

/** books → authors, and ratings with a composite primary key (bookId, userId). */
export function createActionSource(): DataSource {
  return createInMemoryDataSource({
    collections: {
      authors: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          name: { type: 'Column', columnType: 'String' },
        },
        records: [
          { id: 1, name: 'Frank Herbert' },
          { id: 2, name: 'Ursula Le Guin' },
        ],
      },
      books: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          title: { type: 'Column', columnType: 'String' },
          price: { type: 'Column', columnType: 'Number' },
          authorId: { type: 'Column', columnType: 'Number' },
          author: {
            type: 'ManyToOne',
            foreignCollection: 'authors',
            foreignKey: 'authorId',
            foreignKeyTarget: 'id',
          },
        },
        records: [
          { id: 1, title: 'Dune', price: 10, authorId: 1 },
          { id: 2, title: 'Children of Dune', price: 12, authorId: 1 },
          { id: 3, title: 'Earthsea', price: 8, authorId: 2 },
        ],
      },
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
  });
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
