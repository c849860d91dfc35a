import { inMemoryDataSourceFactory } from '@grove/datasource-toolkit';
import type { DataSourceFactory, InMemoryDataSourceDefinition } from '@grove/datasource-toolkit';
import { createLibraryFixture } from '@grove/datasource-toolkit/testing';

const id = { type: 'Column', columnType: 'Number', isPrimaryKey: true, isReadOnly: true } as const;

/**
 * A small bookstore, fresh at each call: persons ← books (ManyToOne `author`, inverse OneToMany
 * `books`), reviews of books (OneToMany `reviews`), tags through book_tags (ManyToMany), and a
 * passport per person (OneToOne).
 */
export function bookstoreDefinition(): InMemoryDataSourceDefinition {
  return createLibraryFixture({
    collections: ['authors', 'books', 'reviews', 'tags', 'bookTags'],
    names: { authors: 'persons' },
    fields: {
      authors: {
        id,
        passport: {
          type: 'OneToOne',
          foreignCollection: 'passports',
          originKey: 'ownerId',
          originKeyTarget: 'id',
        },
      },
      books: {
        id,
        status: { type: 'Column', columnType: 'Enum', enumValues: ['draft', 'live'] },
        publishedAt: 'Date',
        notes: { type: 'Column', columnType: [{ text: 'String' }] },
      },
      reviews: { id },
      tags: { id, books: null },
      bookTags: { book: null, tag: null },
    },
    records: {
      authors: [
        { id: 1, firstName: 'Frank', lastName: 'Herbert' },
        { id: 2, firstName: 'Isaac', lastName: 'Asimov' },
        { id: 3, firstName: 'Ursula', lastName: 'Le Guin' },
      ],
      books: [
        {
          id: 1,
          title: 'Dune',
          price: 9.5,
          status: 'live',
          publishedAt: '1965-08-01T00:00:00.000Z',
          notes: [{ text: 'classic' }],
          authorId: 1,
        },
        {
          id: 2,
          title: 'Foundation, Book 1',
          price: 7,
          status: 'live',
          publishedAt: '1951-06-01T00:00:00.000Z',
          notes: [],
          authorId: 2,
        },
        {
          id: 3,
          title: 'I, Robot',
          price: 6,
          status: 'draft',
          publishedAt: '1950-12-02T00:00:00.000Z',
          notes: [],
          authorId: 2,
        },
        {
          id: 4,
          title: 'The Dispossessed',
          price: 8,
          status: 'live',
          publishedAt: '1974-05-01T00:00:00.000Z',
          notes: [],
          authorId: 3,
        },
        {
          id: 5,
          title: 'Untitled',
          price: null,
          status: 'draft',
          publishedAt: null,
          notes: [],
          authorId: null,
        },
      ],
      reviews: [
        { id: 1, rating: 5, bookId: 1 },
        { id: 2, rating: 4, bookId: 1 },
        { id: 3, rating: 2, bookId: 2 },
      ],
      tags: [
        { id: 1, label: 'sci-fi' },
        { id: 2, label: 'classic' },
      ],
      bookTags: [
        { bookId: 1, tagId: 1 },
        { bookId: 1, tagId: 2 },
        { bookId: 2, tagId: 1 },
      ],
    },
    extraCollections: {
      passports: {
        fields: {
          id,
          number: { type: 'Column', columnType: 'String' },
          ownerId: { type: 'Column', columnType: 'Number' },
          owner: {
            type: 'ManyToOne',
            foreignCollection: 'persons',
            foreignKey: 'ownerId',
            foreignKeyTarget: 'id',
          },
        },
        records: [
          { id: 1, number: 'P-1', ownerId: 1 },
          { id: 2, number: 'P-2', ownerId: null },
        ],
      },
    },
  });
}

/** The bookstore as a data-source factory. */
export function bookstoreFactory(): DataSourceFactory {
  return inMemoryDataSourceFactory(bookstoreDefinition());
}
