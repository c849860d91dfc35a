import {
  createInMemoryDataSource,
  PaginatedFilter,
  Projection,
  type Collection,
  type DataSource,
  type RecordData,
} from '@grove/datasource-toolkit';
import { createLibraryFixture, libraryCaller } from '@grove/datasource-toolkit/testing';

/** The caller of every test. */
export const caller = libraryCaller;

/**
 * authors (id, firstName, lastName, fullName (read-only stand-in for a computed field), age,
 * birthDate) ← books (id, title, price, authorId, author ManyToOne); authors → profile OneToOne
 * (profiles.authorId); authors → books OneToMany.
 */
export function makeLibrary(): DataSource {
  return createInMemoryDataSource(
    createLibraryFixture({
      collections: ['authors', 'books', 'profiles'],
      fields: {
        authors: {
          fullName: { type: 'Column', columnType: 'String', isReadOnly: true },
          age: 'Number',
          birthDate: 'Dateonly',
        },
        books: { status: 'String' },
        profiles: { author: null },
      },
      records: {
        authors: [
          { id: 1, firstName: 'Isaac', lastName: 'Asimov', age: 72 },
          { id: 2, firstName: 'Ursula', lastName: 'Le Guin', age: 88 },
        ],
        books: [
          { id: 1, title: 'Foundation', price: 10, status: 'draft', authorId: 1 },
          { id: 2, title: 'Earthsea', price: 12, status: 'draft', authorId: 2 },
          { id: 3, title: 'Anonymous', price: 5, status: 'draft', authorId: null },
        ],
        profiles: [{ id: 1, bio: 'Robots', authorId: 1 }],
      },
    }),
  );
}

/** Every record of a collection (columns only), sorted by id. */
export async function readAll(collection: Collection): Promise<RecordData[]> {
  const columns = Object.keys(collection.schema.fields).filter(
    name => collection.schema.fields[name]?.type === 'Column',
  );
  const records = await collection.list(caller, new PaginatedFilter(), new Projection(...columns));

  return records.sort((a, b) => Number(a.id) - Number(b.id));
}
