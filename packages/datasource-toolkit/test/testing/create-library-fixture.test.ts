import { createInMemoryDataSource } from '../../src/in-memory/create-in-memory-data-source';
import { PaginatedFilter } from '../../src/query/paginated-filter';
import { Projection } from '../../src/query/projection';
import { createLibraryFixture, libraryCaller } from '../../src/testing';

describe('createLibraryFixture', () => {
  it('declares every library collection, each relation on both sides', () => {
    const { collections } = createLibraryFixture();

    expect(Object.keys(collections)).toEqual([
      'authors',
      'profiles',
      'books',
      'reviews',
      'tags',
      'bookTags',
    ]);
    expect(Object.keys(collections.authors!.fields)).toEqual([
      'id',
      'firstName',
      'lastName',
      'books',
      'profile',
    ]);
    expect(Object.keys(collections.books!.fields)).toEqual([
      'id',
      'title',
      'price',
      'authorId',
      'author',
      'reviews',
      'tags',
    ]);
  });

  it('serves its default rows through relations', async () => {
    const dataSource = createInMemoryDataSource(createLibraryFixture());
    const books = await dataSource
      .getCollection('books')
      .list(libraryCaller, new PaginatedFilter(), new Projection('title', 'author:lastName'));

    expect(books).toEqual([
      { title: 'Dune', author: { lastName: 'Herbert' } },
      { title: 'Children of Dune', author: { lastName: 'Herbert' } },
      { title: 'Earthsea', author: { lastName: 'Le Guin' } },
    ]);
  });

  it('drops the relations to the collections left out', () => {
    const { collections } = createLibraryFixture({ collections: ['books', 'tags'] });

    expect(Object.keys(collections)).toEqual(['books', 'tags']);
    expect(Object.keys(collections.books!.fields)).toEqual(['id', 'title', 'price', 'authorId']);
    expect(Object.keys(collections.tags!.fields)).toEqual(['id', 'label']);
  });

  it('adds fields before the foreign keys, keeps replaced ones in place and removes nulls', () => {
    const { collections } = createLibraryFixture({
      collections: ['authors', 'books'],
      fields: {
        books: {
          year: 'Number',
          title: { type: 'Column', columnType: 'String', allowNull: false },
          price: null,
        },
      },
    });

    expect(collections.books!.fields).toEqual({
      id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
      title: { type: 'Column', columnType: 'String', allowNull: false },
      year: { type: 'Column', columnType: 'Number' },
      authorId: { type: 'Column', columnType: 'Number' },
      author: {
        type: 'ManyToOne',
        foreignCollection: 'authors',
        foreignKey: 'authorId',
        foreignKeyTarget: 'id',
      },
    });
    // The default rows lose the removed column.
    expect(collections.books!.records).toEqual([
      { id: 1, title: 'Dune', authorId: 1 },
      { id: 2, title: 'Children of Dune', authorId: 1 },
      { id: 3, title: 'Earthsea', authorId: 2 },
    ]);
  });

  it('replaces rows, adds segments and extra collections', () => {
    const logs = { fields: { message: { type: 'Column', columnType: 'String' } } } as const;
    const { collections } = createLibraryFixture({
      collections: ['authors'],
      records: { authors: [] },
      segments: { authors: { ada: { field: 'firstName', operator: 'Equal', value: 'Ada' } } },
      extraCollections: { logs },
    });

    expect(collections).toEqual({
      authors: {
        fields: createLibraryFixture({ collections: ['authors'] }).collections.authors!.fields,
        records: [],
        segments: { ada: { field: 'firstName', operator: 'Equal', value: 'Ada' } },
      },
      logs,
    });
  });

  it('renames collections and the relations pointing at them', () => {
    const { collections } = createLibraryFixture({
      collections: ['authors', 'books', 'tags', 'bookTags'],
      names: { authors: 'persons', bookTags: 'book_tags' },
      fields: { authors: { nickname: 'String' } },
    });

    expect(Object.keys(collections)).toEqual(['persons', 'books', 'tags', 'book_tags']);
    expect(Object.keys(collections.persons!.fields)).toEqual([
      'id',
      'firstName',
      'lastName',
      'nickname',
      'books',
    ]);
    expect(collections.books!.fields.author).toMatchObject({ foreignCollection: 'persons' });
    expect(collections.books!.fields.tags).toMatchObject({
      foreignCollection: 'tags',
      throughCollection: 'book_tags',
    });
  });

  it('puts added relations after the library relations', () => {
    const passport = {
      type: 'OneToOne',
      foreignCollection: 'passports',
      originKey: 'ownerId',
      originKeyTarget: 'id',
    } as const;
    const { collections } = createLibraryFixture({
      collections: ['authors', 'books'],
      fields: { authors: { passport, age: 'Number' } },
    });

    expect(Object.keys(collections.authors!.fields)).toEqual([
      'id',
      'firstName',
      'lastName',
      'age',
      'books',
      'passport',
    ]);
  });

  it('returns a new definition at each call', () => {
    expect(createLibraryFixture()).not.toBe(createLibraryFixture());
    expect(createLibraryFixture().collections.books!.fields).not.toBe(
      createLibraryFixture().collections.books!.fields,
    );
  });
});
