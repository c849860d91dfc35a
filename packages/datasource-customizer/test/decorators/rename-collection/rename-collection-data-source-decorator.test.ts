import { RenameCollectionDataSourceDecorator } from '../../../src/decorators/rename-collection/rename-collection-data-source-decorator';
import { createLibrary, list } from '../../scenarios/library-fixture';

function setup() {
  return new RenameCollectionDataSourceDecorator(createLibrary());
}

describe('RenameCollectionDataSourceDecorator', () => {
  it('renames with a map', () => {
    const source = setup();
    source.renameCollections({ authors: 'writers' });

    expect(source.collections.map(c => c.name)).toEqual(['writers', 'books', 'tags', 'bookTags']);
    expect(source.getCollection('writers').name).toBe('writers');
  });

  it('renames with a function (null keeps the name)', () => {
    const source = setup();
    source.renameCollections(name => (name.startsWith('book') ? `lib_${name}` : null));

    expect(source.collections.map(c => c.name)).toEqual([
      'authors',
      'lib_books',
      'tags',
      'lib_bookTags',
    ]);
  });

  it('updates the foreign collection of relation schemas', () => {
    const source = setup();
    source.renameCollections({ authors: 'writers' });

    expect(source.getCollection('books').schema.fields.author).toEqual({
      type: 'ManyToOne',
      foreignCollection: 'writers',
      foreignKey: 'authorId',
      foreignKeyTarget: 'id',
    });
  });

  it('still reads through renamed relations', async () => {
    const source = setup();
    source.renameCollections({ authors: 'writers', books: 'novels' });

    await expect(
      list(source.getCollection('novels'), ['title', 'author:lastName'], {
        field: 'id',
        operator: 'Equal',
        value: 1,
      }),
    ).resolves.toEqual([{ title: 'Dune', author: { lastName: 'Herbert' } }]);
  });

  it('tells that an old name was renamed', () => {
    const source = setup();
    source.renameCollections({ authors: 'writers' });

    expect(() => source.getCollection('authors')).toThrow(
      "Collection 'authors' has been renamed to 'writers'",
    );
  });

  it('refuses an unknown collection with the data source lookup error', () => {
    const source = setup();

    expect(() => source.renameCollections({ author: 'writers' })).toThrow(
      "Collection 'author' not found. List of available collections: authors, bookTags, books, tags",
    );
  });

  it('refuses a name already used', () => {
    const source = setup();

    expect(() => source.renameCollections({ authors: 'books' })).toThrow(
      'The given new collection name "books" is already defined',
    );
  });

  it('refuses to rename a collection twice', () => {
    const source = setup();
    source.renameCollections({ authors: 'writers' });

    expect(() => source.renameCollections({ writers: 'people' })).toThrow(
      'Cannot rename a collection twice: authors->writers->people',
    );
  });
});
