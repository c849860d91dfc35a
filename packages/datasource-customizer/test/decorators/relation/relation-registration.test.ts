import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { RelationCollectionDecorator } from '../../../src/decorators/relation/relation-collection-decorator';
import { createLibrary, createRelationLayer } from './library-fixture';

describe('RelationCollectionDecorator.addRelation', () => {
  test('ManyToOne: foreignKeyTarget defaults to the primary key of the foreign collection', () => {
    const layer = createRelationLayer();
    layer.getCollection('books').addRelation('author', {
      type: 'ManyToOne',
      foreignCollection: 'authors',
      foreignKey: 'authorId',
    });

    expect(layer.getCollection('books').schema.fields.author).toEqual({
      type: 'ManyToOne',
      foreignCollection: 'authors',
      foreignKey: 'authorId',
      foreignKeyTarget: 'id',
    });
  });

  test('OneToMany: originKeyTarget defaults to the primary key of this collection', () => {
    const layer = createRelationLayer();
    layer.getCollection('authors').addRelation('books', {
      type: 'OneToMany',
      foreignCollection: 'books',
      originKey: 'authorId',
    });

    expect(layer.getCollection('authors').schema.fields.books).toEqual({
      type: 'OneToMany',
      foreignCollection: 'books',
      originKey: 'authorId',
      originKeyTarget: 'id',
    });
  });

  test('OneToOne keeps an explicit originKeyTarget', () => {
    const layer = createRelationLayer();
    layer.getCollection('authors').addRelation('bio', {
      type: 'OneToOne',
      foreignCollection: 'bios',
      originKey: 'authorId',
      originKeyTarget: 'id',
    });

    expect(layer.getCollection('authors').schema.fields.bio).toEqual({
      type: 'OneToOne',
      foreignCollection: 'bios',
      originKey: 'authorId',
      originKeyTarget: 'id',
    });
  });

  test('ManyToMany: both targets default to the primary keys', () => {
    const layer = createRelationLayer();
    layer.getCollection('authors').addRelation('reviewedBooks', {
      type: 'ManyToMany',
      foreignCollection: 'publishers',
      throughCollection: 'books',
      originKey: 'authorId',
      foreignKey: 'price',
    });

    expect(layer.getCollection('authors').schema.fields.reviewedBooks).toEqual({
      type: 'ManyToMany',
      foreignCollection: 'publishers',
      throughCollection: 'books',
      originKey: 'authorId',
      originKeyTarget: 'id',
      foreignKey: 'price',
      foreignKeyTarget: 'id',
    });
  });

  test('the layers above see the new relation (schema marked dirty)', () => {
    const layer = createRelationLayer();
    const before = layer.getCollection('books').schema;
    layer.getCollection('books').addRelation('author', {
      type: 'ManyToOne',
      foreignCollection: 'authors',
      foreignKey: 'authorId',
    });

    expect(before.fields.author).toBeUndefined();
    expect(Object.keys(layer.getCollection('books').schema.fields)).toEqual([
      'id',
      'title',
      'price',
      'publishedAt',
      'authorId',
      'author',
    ]);
  });

  test('an unknown foreign collection names the relation and stays a MissingCollectionError', () => {
    const books = createRelationLayer().getCollection('books');

    expect(() =>
      books.addRelation('author', {
        type: 'ManyToOne',
        foreignCollection: 'writers',
        foreignKey: 'authorId',
      }),
    ).toThrow(
      expect.objectContaining({
        name: 'MissingCollectionError',
        code: 'ValidationError',
        message:
          "Cannot add the relation 'books.author': Collection 'writers' not found. " +
          'List of available collections: authors, bios, books, publishers, reviews',
      }),
    );
  });

  test('an unknown through collection is refused', () => {
    const authors = createRelationLayer().getCollection('authors');

    expect(() =>
      authors.addRelation('tags', {
        type: 'ManyToMany',
        foreignCollection: 'publishers',
        throughCollection: 'authorTags',
        originKey: 'authorId',
        foreignKey: 'tagId',
      }),
    ).toThrow(
      "Cannot add the relation 'authors.tags': Collection 'authorTags' not found. " +
        'List of available collections: authors, bios, books, publishers, reviews',
    );
  });

  test('an unknown key is a MissingColumnError naming the collection and the column', () => {
    const books = createRelationLayer().getCollection('books');

    expect(() =>
      books.addRelation('author', {
        type: 'ManyToOne',
        foreignCollection: 'authors',
        foreignKey: 'writerId',
      }),
    ).toThrow(
      expect.objectContaining({
        name: 'MissingColumnError',
        message:
          "Cannot add the relation 'books.author': The 'books.writerId' column was not found. " +
          "Available columns are: ['id', 'title', 'price', 'publishedAt', 'authorId']. " +
          'Please check if the column name is correct.',
      }),
    );
  });

  test('a key that is a relation is not a column', () => {
    const reviews = createRelationLayer().getCollection('reviews');

    expect(() =>
      reviews.addRelation('sameBook', {
        type: 'ManyToOne',
        foreignCollection: 'books',
        foreignKey: 'book',
      }),
    ).toThrow(
      "Cannot add the relation 'reviews.sameBook': The 'reviews.book' column was not found. " +
        "Available columns are: ['id', 'stars', 'bookId']. Please check if the column name is correct.",
    );
  });

  test('an unknown target on the foreign collection is refused', () => {
    const books = createRelationLayer().getCollection('books');

    expect(() =>
      books.addRelation('author', {
        type: 'ManyToOne',
        foreignCollection: 'authors',
        foreignKey: 'authorId',
        foreignKeyTarget: 'uuid',
      }),
    ).toThrow(
      "Cannot add the relation 'books.author': The 'authors.uuid' column was not found. " +
        "Available columns are: ['id', 'firstName', 'lastName', 'publisherId', 'bornAt']. " +
        'Please check if the column name is correct.',
    );
  });

  test('key and target types must match', () => {
    const books = createRelationLayer().getCollection('books');

    expect(() =>
      books.addRelation('author', {
        type: 'ManyToOne',
        foreignCollection: 'authors',
        foreignKey: 'title',
      }),
    ).toThrow(
      "Cannot add the relation 'books.author': Types from 'books.title' and 'authors.id' do not match.",
    );
  });

  test('a key without the In operator is refused', () => {
    // Straight on the in-memory source (no equivalence): Date columns do not list `In`.
    const layer = new DataSourceDecorator(createLibrary(), RelationCollectionDecorator);

    expect(() =>
      layer.getCollection('books').addRelation('bornSameDay', {
        type: 'ManyToOne',
        foreignCollection: 'authors',
        foreignKey: 'publishedAt',
        foreignKeyTarget: 'bornAt',
      }),
    ).toThrow(
      "Cannot add the relation 'books.bornSameDay': Column does not support the In operator: 'books.publishedAt'",
    );
  });

  test('In derived by the equivalence layer below (from Equal) is enough', () => {
    const books = createRelationLayer().getCollection('books');
    books.addRelation('bornSameDay', {
      type: 'ManyToOne',
      foreignCollection: 'authors',
      foreignKey: 'publishedAt',
      foreignKeyTarget: 'bornAt',
    });

    expect(books.schema.fields.bornSameDay?.type).toBe('ManyToOne');
  });

  test('OneToMany checks the origin key on the foreign collection', () => {
    const authors = createRelationLayer().getCollection('authors');

    expect(() =>
      authors.addRelation('books', {
        type: 'OneToMany',
        foreignCollection: 'books',
        originKey: 'title',
      }),
    ).toThrow(
      "Cannot add the relation 'authors.books': Types from 'books.title' and 'authors.id' do not match.",
    );
  });

  test('a missing key option is refused', () => {
    const books = createRelationLayer().getCollection('books');

    expect(() =>
      books.addRelation('author', {
        type: 'ManyToOne',
        foreignCollection: 'authors',
      } as never),
    ).toThrow("Cannot add the relation 'books.author': the 'foreignKey' option is required.");
  });

  test('an unknown relation type is refused', () => {
    const books = createRelationLayer().getCollection('books');

    expect(() =>
      books.addRelation('author', {
        type: 'ManyToFew',
        foreignCollection: 'authors',
        foreignKey: 'authorId',
      } as never),
    ).toThrow(
      "Cannot add the relation 'books.author': unknown relation type 'ManyToFew' " +
        '(expected ManyToOne, OneToMany, OneToOne or ManyToMany).',
    );
  });

  test('a name with spaces is refused', () => {
    const books = createRelationLayer().getCollection('books');

    expect(() =>
      books.addRelation('the author', {
        type: 'ManyToOne',
        foreignCollection: 'authors',
        foreignKey: 'authorId',
      }),
    ).toThrow(
      "Cannot add the relation 'books.the author': The name of field 'the author' you configured on " +
        "'books' must not contain space. Something like 'theAuthor' should work has expected.",
    );
  });

  test('a name already used is refused', () => {
    const books = createRelationLayer().getCollection('books');

    expect(() =>
      books.addRelation('title', {
        type: 'ManyToOne',
        foreignCollection: 'authors',
        foreignKey: 'authorId',
      }),
    ).toThrow(
      expect.objectContaining({
        name: 'AlreadyDefinedFieldError',
        message:
          "Cannot add the relation 'books.title': a field with this name is already defined.",
      }),
    );
  });
});
