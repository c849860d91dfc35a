import { createInMemoryDataSource, type Caller, type DataSource } from '@grove/datasource-toolkit';
import { createLibraryFixture, libraryCaller } from '@grove/datasource-toolkit/testing';

/** A caller in Paris (charts bucket in the caller's zone). */
export const caller: Caller = { ...libraryCaller, team: 'Operations' };

/** books (single pk) and ratings (composite pk: bookId + userId), books → authors. */
export function createChartSource(): DataSource {
  return createInMemoryDataSource(
    createLibraryFixture({
      collections: ['authors', 'books'],
      fields: {
        authors: { firstName: null, lastName: null, books: null, name: 'String' },
        books: { price: null, sales: 'Number' },
      },
      records: {
        authors: [{ id: 1, name: 'Frank Herbert' }],
        books: [
          { id: 1, title: 'Dune', sales: 120, authorId: 1 },
          { id: 2, title: 'Children of Dune', sales: 40, authorId: 1 },
        ],
      },
      extraCollections: {
        ratings: {
          fields: {
            bookId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            userId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            score: { type: 'Column', columnType: 'Number' },
          },
          records: [{ bookId: 1, userId: 7, score: 5 }],
        },
      },
    }),
  );
}
