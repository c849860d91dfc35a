import { DataSourceCustomizer } from '@grove/datasource-customizer';
import {
  createInMemoryDataSource,
  type Caller,
  type DataSource,
  type InMemoryDataSourceDefinition,
} from '@grove/datasource-toolkit';
import { createLibraryFixture, libraryCaller } from '@grove/datasource-toolkit/testing';

/** A caller for the tests that evaluate forms. */
export const caller: Caller = { ...libraryCaller, team: 'Operations' };

const readOnlyId = {
  type: 'Column',
  columnType: 'Number',
  isPrimaryKey: true,
  isReadOnly: true,
} as const;

/**
 * A library: authors ← books (ManyToOne `author`, inverse OneToMany `books`), authors ← profiles
 * (OneToOne `profile`, inverse ManyToOne `author`), books ↔ tags through bookTags (ManyToMany both
 * ways; bookTags has a composite pk made of its two foreign keys), and loans whose ManyToOne
 * `book` has no inverse.
 */
export function libraryDefinition(): InMemoryDataSourceDefinition {
  return createLibraryFixture({
    collections: ['authors', 'profiles', 'books', 'tags', 'bookTags'],
    fields: {
      authors: { id: readOnlyId, firstName: null, lastName: null, name: 'String' },
      profiles: {
        id: { type: 'Column', columnType: 'Uuid', isPrimaryKey: true },
        bio: null,
        authorId: { type: 'Column', columnType: 'Number', isReadOnly: true },
      },
      books: {
        id: readOnlyId,
        price: null,
        authorId: { type: 'Column', columnType: 'Number', defaultValue: 1 },
      },
      bookTags: { tag: null },
    },
    records: {
      authors: [
        { id: 1, name: 'Frank Herbert' },
        { id: 2, name: 'Ursula Le Guin' },
      ],
      profiles: [],
      books: [
        { id: 1, title: 'Dune', authorId: 1 },
        { id: 2, title: 'Earthsea', authorId: 2 },
      ],
      tags: [],
      bookTags: [],
    },
    extraCollections: {
      loans: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          bookId: { type: 'Column', columnType: 'Number' },
          book: {
            type: 'ManyToOne',
            foreignCollection: 'books',
            foreignKey: 'bookId',
            foreignKeyTarget: 'id',
          },
        },
      },
    },
  });
}

/** Builds a customized data source over in-memory collections. */
export async function buildDataSource(
  definition: InMemoryDataSourceDefinition = libraryDefinition(),
  customize: (customizer: DataSourceCustomizer) => unknown = () => undefined,
): Promise<DataSource> {
  const customizer = new DataSourceCustomizer();
  customizer.addDataSource(async () => createInMemoryDataSource(definition));
  customize(customizer);

  return customizer.getDataSource();
}

/** A data source of one collection `items` with the given fields (plus an `id` pk). */
export function itemsDefinition(
  fields: InMemoryDataSourceDefinition['collections'][string]['fields'],
): InMemoryDataSourceDefinition {
  return {
    collections: {
      items: {
        fields: { id: { type: 'Column', columnType: 'Number', isPrimaryKey: true }, ...fields },
      },
    },
  };
}

/** The schema field `field` of collection `collection`, or a failing lookup. */
export function findField(
  schema: { collections: Array<{ name: string; fields: Array<{ field: string }> }> },
  collection: string,
  field: string,
): unknown {
  const found = schema.collections
    .find(c => c.name === collection)
    ?.fields.find(f => f.field === field);
  if (found === undefined) throw new Error(`No field ${collection}.${field} in the schema`);

  return found;
}
