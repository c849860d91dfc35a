import { PublicationDataSourceDecorator } from '../../../src/decorators/publication/publication-data-source-decorator';
import { caller } from '../../scenarios/library-fixture';
import { createInMemoryDataSource } from '@grove/datasource-toolkit';

/** The library plus a books ↔ tags ManyToMany and an authors → books OneToMany. */
function setup() {
  const raw = createInMemoryDataSource({
    collections: {
      authors: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          name: { type: 'Column', columnType: 'String' },
          books: {
            type: 'OneToMany',
            foreignCollection: 'books',
            originKey: 'authorId',
            originKeyTarget: 'id',
          },
        },
      },
      books: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          title: { type: 'Column', columnType: 'String' },
          authorId: { type: 'Column', columnType: 'Number' },
          author: {
            type: 'ManyToOne',
            foreignCollection: 'authors',
            foreignKey: 'authorId',
            foreignKeyTarget: 'id',
          },
          tags: {
            type: 'ManyToMany',
            foreignCollection: 'tags',
            throughCollection: 'bookTags',
            originKey: 'bookId',
            foreignKey: 'tagId',
            originKeyTarget: 'id',
            foreignKeyTarget: 'id',
          },
        },
      },
      tags: { fields: { id: { type: 'Column', columnType: 'Number', isPrimaryKey: true } } },
      bookTags: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          bookId: { type: 'Column', columnType: 'Number' },
          tagId: { type: 'Column', columnType: 'Number' },
        },
      },
    },
  });

  return new PublicationDataSourceDecorator(raw);
}

const fieldsOf = (source: PublicationDataSourceDecorator, name: string) =>
  Object.keys(source.getCollection(name).schema.fields);

describe('PublicationCollectionDecorator', () => {
  it('hides a field from the schema', () => {
    const source = setup();
    source.getCollection('books').changeFieldVisibility('title', false);

    expect(fieldsOf(source, 'books')).toEqual(['id', 'authorId', 'author', 'tags']);
  });

  it('shows a hidden field again', () => {
    const source = setup();
    source.getCollection('books').changeFieldVisibility('title', false);
    source.getCollection('books').changeFieldVisibility('title', true);

    expect(fieldsOf(source, 'books')).toEqual(['id', 'title', 'authorId', 'author', 'tags']);
  });

  it('refuses to hide a primary key', () => {
    const source = setup();

    expect(() => source.getCollection('books').changeFieldVisibility('id', false)).toThrow(
      "Cannot hide primary key: 'books.id'",
    );
  });

  it('refuses an unknown field', () => {
    const source = setup();

    expect(() => source.getCollection('books').changeFieldVisibility('titel', false)).toThrow(
      "The 'books.titel' field was not found. Available fields are: ['id', 'title', 'authorId', 'author', 'tags']. Please check if the field name is correct.",
    );
  });

  it('hides the relations built on a hidden foreign key, in every collection', () => {
    const source = setup();
    source.getCollection('books').changeFieldVisibility('authorId', false);

    expect(fieldsOf(source, 'books')).toEqual(['id', 'title', 'tags']);
    expect(fieldsOf(source, 'authors')).toEqual(['id', 'name']);
  });

  it('hides a many-to-many relation whose through key is hidden', () => {
    const source = setup();
    source.getCollection('bookTags').changeFieldVisibility('tagId', false);

    expect(fieldsOf(source, 'books')).toEqual(['id', 'title', 'authorId', 'author']);
  });

  it('strips hidden fields from created records', async () => {
    const source = setup();
    const books = source.getCollection('books');
    books.changeFieldVisibility('title', false);

    await expect(books.create(caller, [{ title: 'Dune', authorId: null }])).resolves.toEqual([
      { id: 1, authorId: null },
    ]);
  });
});

describe('PublicationDataSourceDecorator', () => {
  it('removes a collection from the list and its lookups', () => {
    const source = setup();
    source.removeCollection('tags');

    expect(source.collections.map(c => c.name)).toEqual(['authors', 'books', 'bookTags']);
    expect(() => source.getCollection('tags')).toThrow('Collection "tags" was removed.');
    expect(source.findCollection('tags')).toBeUndefined();
  });

  it('unpublishes relations towards a removed collection', () => {
    const source = setup();
    source.removeCollection('bookTags');

    expect(fieldsOf(source, 'books')).toEqual(['id', 'title', 'authorId', 'author']);
  });

  it('keeps the included collections only', () => {
    const source = setup();
    source.keepCollectionsMatching(['books', 'authors']);

    expect(source.collections.map(c => c.name)).toEqual(['authors', 'books']);
  });

  it('drops the excluded collections', () => {
    const source = setup();
    source.keepCollectionsMatching(undefined, ['authors']);

    expect(source.collections.map(c => c.name)).toEqual(['books', 'tags', 'bookTags']);
    expect(fieldsOf(source, 'books')).toEqual(['id', 'title', 'authorId', 'tags']);
  });

  it('fails on an unknown name with the data source lookup error', () => {
    const source = setup();

    expect(() => source.keepCollectionsMatching(['bookz'])).toThrow(
      "Collection 'bookz' not found. List of available collections: authors, bookTags, books, tags",
    );
  });
});
