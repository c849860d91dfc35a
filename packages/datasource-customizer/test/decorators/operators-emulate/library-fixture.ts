// The in-memory library shared by the QUERY decorators' tests.
import { createInMemoryDataSource, type DataSource } from '@grove/datasource-toolkit';
import { createLibraryFixture } from '@grove/datasource-toolkit/testing';

export function createLibrary(): DataSource {
  return createInMemoryDataSource(
    createLibraryFixture({
      collections: ['authors', 'books'],
      fields: { books: { writer: 'String', publishedAt: 'Date' } },
      records: {
        authors: [
          { id: 1, firstName: 'Frank', lastName: 'Herbert' },
          { id: 2, firstName: 'Ursula', lastName: 'Le Guin' },
          { id: 3, firstName: 'Iain', lastName: 'Banks' },
        ],
        books: [
          {
            id: 1,
            title: 'Dune',
            writer: 'herbert',
            price: 12,
            publishedAt: '1965-08-01T00:00:00Z',
            authorId: 1,
          },
          {
            id: 2,
            title: 'The Dispossessed',
            writer: 'le guin',
            price: 9,
            publishedAt: '1974-05-01T00:00:00Z',
            authorId: 2,
          },
          {
            id: 3,
            title: 'Dune Messiah',
            writer: 'herbert',
            price: 10,
            publishedAt: '1969-10-15T00:00:00Z',
            authorId: 1,
          },
          {
            id: 4,
            title: 'Excession',
            writer: 'banks',
            price: 15,
            publishedAt: '2999-01-01T00:00:00Z',
            authorId: 3,
          },
          {
            id: 5,
            title: 'The Left Hand of Darkness',
            writer: 'le guin',
            price: null,
            publishedAt: null,
            authorId: 2,
          },
        ],
      },
      segments: { books: { cheap: { field: 'price', operator: 'LessThan', value: 11 } } },
    }),
  );
}
