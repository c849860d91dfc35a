import { createInMemoryDataSource } from '@grove/datasource-toolkit';
import type { DataSource, PlainConditionTree } from '@grove/datasource-toolkit';
import { createLibraryFixture } from '@grove/datasource-toolkit/testing';

/** Authors 1 (books 1, 3, 5) and 2 (books 2, 4); books 2 and 5 are live, the others drafts. */
export function createLibrary(): DataSource {
  return createInMemoryDataSource(
    createLibraryFixture({
      collections: ['authors', 'books'],
      fields: {
        authors: { firstName: null, lastName: null, name: 'String' },
        books: {
          price: null,
          status: { type: 'Column', columnType: 'Enum', enumValues: ['draft', 'live'] },
        },
      },
      records: {
        authors: [
          { id: 1, name: 'Ada' },
          { id: 2, name: 'Grace' },
        ],
        books: [
          { id: 1, title: 'Dune', status: 'draft', authorId: 1 },
          { id: 2, title: 'Emma', status: 'live', authorId: 2 },
          { id: 3, title: 'Ulysses', status: 'draft', authorId: 1 },
          { id: 4, title: 'Hamlet', status: 'draft', authorId: 2 },
          { id: 5, title: 'Beloved', status: 'live', authorId: 1 },
        ],
      },
    }),
  );
}

/** A scope or condition: `field = value`. */
export function equal(field: string, value: unknown): PlainConditionTree {
  return { field, operator: 'Equal', value };
}
