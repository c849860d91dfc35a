import type { InMemoryCollectionDefinition } from '../../in-memory/in-memory-definition';

/** The collections of the library fixture. */
export type LibraryCollectionName =
  'authors' | 'profiles' | 'books' | 'reviews' | 'tags' | 'bookTags';

/** Every collection of the library fixture, in the order they are declared. */
export const libraryCollectionNames: readonly LibraryCollectionName[] = [
  'authors',
  'profiles',
  'books',
  'reviews',
  'tags',
  'bookTags',
];

const id = { type: 'Column', columnType: 'Number', isPrimaryKey: true } as const;
const number = { type: 'Column', columnType: 'Number' } as const;
const string = { type: 'Column', columnType: 'String' } as const;

// A relation field is kept only when the collections it points to are in the fixture: `books`
// alone has no `author`, and `authors` without `profiles` has no `profile`.
/**
 * The library's schema and default rows: authors (Frank Herbert, Ursula Le Guin) ← books (Dune,
 * Children of Dune, Earthsea) → reviews; authors ← profiles (one-to-one); books ↔ tags through
 * bookTags (composite primary key). Every relation is declared on both sides.
 */
export const libraryCollections: Readonly<
  Record<LibraryCollectionName, InMemoryCollectionDefinition>
> = {
  authors: {
    fields: {
      id,
      firstName: string,
      lastName: string,
      books: {
        type: 'OneToMany',
        foreignCollection: 'books',
        originKey: 'authorId',
        originKeyTarget: 'id',
      },
      profile: {
        type: 'OneToOne',
        foreignCollection: 'profiles',
        originKey: 'authorId',
        originKeyTarget: 'id',
      },
    },
    records: [
      { id: 1, firstName: 'Frank', lastName: 'Herbert' },
      { id: 2, firstName: 'Ursula', lastName: 'Le Guin' },
    ],
  },
  profiles: {
    fields: {
      id,
      bio: string,
      authorId: number,
      author: {
        type: 'ManyToOne',
        foreignCollection: 'authors',
        foreignKey: 'authorId',
        foreignKeyTarget: 'id',
      },
    },
    records: [{ id: 1, bio: 'Arrakis', authorId: 1 }],
  },
  books: {
    fields: {
      id,
      title: string,
      price: number,
      authorId: number,
      author: {
        type: 'ManyToOne',
        foreignCollection: 'authors',
        foreignKey: 'authorId',
        foreignKeyTarget: 'id',
      },
      reviews: {
        type: 'OneToMany',
        foreignCollection: 'reviews',
        originKey: 'bookId',
        originKeyTarget: 'id',
      },
      tags: {
        type: 'ManyToMany',
        foreignCollection: 'tags',
        throughCollection: 'bookTags',
        originKey: 'bookId',
        originKeyTarget: 'id',
        foreignKey: 'tagId',
        foreignKeyTarget: 'id',
      },
    },
    records: [
      { id: 1, title: 'Dune', price: 10, authorId: 1 },
      { id: 2, title: 'Children of Dune', price: 12, authorId: 1 },
      { id: 3, title: 'Earthsea', price: 8, authorId: 2 },
    ],
  },
  reviews: {
    fields: {
      id,
      rating: number,
      bookId: number,
      book: {
        type: 'ManyToOne',
        foreignCollection: 'books',
        foreignKey: 'bookId',
        foreignKeyTarget: 'id',
      },
    },
    records: [
      { id: 1, rating: 5, bookId: 1 },
      { id: 2, rating: 4, bookId: 3 },
    ],
  },
  tags: {
    fields: {
      id,
      label: string,
      books: {
        type: 'ManyToMany',
        foreignCollection: 'books',
        throughCollection: 'bookTags',
        originKey: 'tagId',
        originKeyTarget: 'id',
        foreignKey: 'bookId',
        foreignKeyTarget: 'id',
      },
    },
    records: [
      { id: 1, label: 'classic' },
      { id: 2, label: 'space' },
    ],
  },
  bookTags: {
    fields: {
      bookId: { ...id },
      tagId: { ...id },
      book: {
        type: 'ManyToOne',
        foreignCollection: 'books',
        foreignKey: 'bookId',
        foreignKeyTarget: 'id',
      },
      tag: {
        type: 'ManyToOne',
        foreignCollection: 'tags',
        foreignKey: 'tagId',
        foreignKeyTarget: 'id',
      },
    },
    records: [
      { bookId: 1, tagId: 1 },
      { bookId: 1, tagId: 2 },
      { bookId: 3, tagId: 1 },
    ],
  },
};
