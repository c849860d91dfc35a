import { createInMemoryDataSource } from '../../src/in-memory/create-in-memory-data-source';
import type { InMemoryDataSourceDefinition } from '../../src/in-memory/in-memory-definition';
import type { DataSource } from '../../src/interfaces/data-source';
import { createLibraryFixture } from '../../src/testing/library/create-library-fixture';

export { libraryCaller as caller } from '../../src/testing/library/library-caller';

export const isbn = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

/** A small library: authors ← books (no inverse relation), a `published` segment. */
export function libraryDefinition(): InMemoryDataSourceDefinition {
  return createLibraryFixture({
    collections: ['authors', 'books'],
    fields: {
      authors: { firstName: null, lastName: null, books: null, name: 'String' },
      books: {
        title: { type: 'Column', columnType: 'String', allowNull: false },
        price: null,
        status: {
          type: 'Column',
          columnType: 'Enum',
          enumValues: ['draft', 'published'],
          defaultValue: 'draft',
        },
        year: 'Number',
        isbn: 'Uuid',
        publishedAt: 'Date',
        tags: { type: 'Column', columnType: ['String'] },
      },
    },
    records: {
      authors: [
        { id: 1, name: 'Frank Herbert' },
        { id: 2, name: 'Ursula Le Guin' },
      ],
      books: [
        {
          id: 1,
          title: 'Dune',
          status: 'published',
          year: 1965,
          isbn,
          publishedAt: '1965-08-01T00:00:00Z',
          tags: ['sf'],
          authorId: 1,
        },
        { id: 3, title: 'The Left Hand of Darkness', year: 1969, authorId: 2 },
        { id: 2, title: 'Children of Dune', status: 'published', year: 1976, authorId: 1 },
      ],
    },
    segments: { books: { published: { field: 'status', operator: 'Equal', value: 'published' } } },
  });
}

export function library(): DataSource {
  return createInMemoryDataSource(libraryDefinition());
}
