import { createInMemoryDataSource, type DataSource } from '@grove/datasource-toolkit';
import { createLibraryFixture, libraryCaller } from '@grove/datasource-toolkit/testing';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { OperatorsEquivalenceCollectionDecorator } from '../../../src/decorators/operators-equivalence/operators-equivalence-collection-decorator';
import { RelationCollectionDecorator } from '../../../src/decorators/relation/relation-collection-decorator';

export const caller = libraryCaller;

const pk = { type: 'Column', columnType: 'Number', isPrimaryKey: true } as const;

/**
 * publishers ← authors (native `publisher`) ; books (no native relation: `authorId` only) ;
 * reviews (native `book` → books) ; bios (`authorId`, no native relation).
 */
export function createLibrary(bookCount?: number): DataSource {
  const books =
    bookCount === undefined
      ? [
          { id: 1, title: 'Notes', authorId: 1, price: 10, publishedAt: '1843-10-01T00:00:00Z' },
          {
            id: 2,
            title: 'Computing',
            authorId: 2,
            price: 20,
            publishedAt: '1950-10-01T00:00:00Z',
          },
          { id: 3, title: 'Morphogenesis', authorId: 2, price: 30, publishedAt: null },
          { id: 4, title: 'Anonymous', authorId: null, price: 5, publishedAt: null },
          { id: 5, title: 'Lost', authorId: 99, price: 7, publishedAt: null },
        ]
      : Array.from({ length: bookCount }, (_, index) => ({
          id: index + 1,
          title: `Book ${index + 1}`,
          authorId: (index % 3) + 1,
          price: index,
          publishedAt: null,
        }));

  return createInMemoryDataSource(
    createLibraryFixture({
      collections: ['authors', 'books', 'reviews'],
      fields: {
        authors: {
          books: null,
          publisherId: 'Number',
          bornAt: 'Date',
          publisher: {
            type: 'ManyToOne',
            foreignCollection: 'publishers',
            foreignKey: 'publisherId',
            foreignKeyTarget: 'id',
          },
        },
        books: { author: null, reviews: null, publishedAt: 'Date' },
        reviews: { rating: null, stars: 'Number' },
      },
      records: {
        authors: [
          { id: 1, firstName: 'Ada', lastName: 'Lovelace', publisherId: 1, bornAt: null },
          { id: 2, firstName: 'Alan', lastName: 'Turing', publisherId: 2, bornAt: null },
          { id: 3, firstName: 'Grace', lastName: 'Hopper', publisherId: null, bornAt: null },
        ],
        books,
        reviews: [
          { id: 1, bookId: 1, stars: 5 },
          { id: 2, bookId: 3, stars: 4 },
          { id: 3, bookId: 4, stars: 2 },
        ],
      },
      extraCollections: {
        publishers: {
          fields: { id: pk, name: { type: 'Column', columnType: 'String' } },
          records: [
            { id: 1, name: 'Penguin' },
            { id: 2, name: 'Gallimard' },
          ],
        },
        bios: {
          fields: {
            id: pk,
            authorId: { type: 'Column', columnType: 'Number' },
            text: { type: 'Column', columnType: 'String' },
          },
          records: [
            { id: 1, authorId: 1, text: 'Analyst' },
            { id: 2, authorId: 2, text: 'Codebreaker' },
          ],
        },
      },
    }),
  );
}

/** in-memory → equivalence → relation: the relation layer as the stack places it. */
export function createRelationLayer(source: DataSource = createLibrary()) {
  const equivalence = new DataSourceDecorator(source, OperatorsEquivalenceCollectionDecorator);

  return new DataSourceDecorator(equivalence, RelationCollectionDecorator);
}

/** The relation layer with `books.author`, `authors.bio` (OneToOne) and `authors.books` emulated. */
export function createEmulatedLibrary(source: DataSource = createLibrary()) {
  const layer = createRelationLayer(source);
  layer.getCollection('books').addRelation('author', {
    type: 'ManyToOne',
    foreignCollection: 'authors',
    foreignKey: 'authorId',
  });
  layer.getCollection('authors').addRelation('bio', {
    type: 'OneToOne',
    foreignCollection: 'bios',
    originKey: 'authorId',
  });
  layer.getCollection('authors').addRelation('books', {
    type: 'OneToMany',
    foreignCollection: 'books',
    originKey: 'authorId',
  });

  return layer;
}

/** Spies on `list` of every in-memory collection. */
export function spyOnLists(source: DataSource) {
  const names = ['publishers', 'authors', 'books', 'reviews', 'bios'] as const;

  return Object.fromEntries(
    names.map(name => [name, jest.spyOn(source.getCollection(name), 'list')]),
  ) as Record<(typeof names)[number], jest.SpyInstance>;
}
