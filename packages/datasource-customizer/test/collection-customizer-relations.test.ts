import { buildLibrary, list } from './scenarios/library-fixture';

const byId = (id: number) => ({ field: 'id', operator: 'Equal' as const, value: id });

describe('CollectionCustomizer relations', () => {
  it('adds a many-to-one relation (target defaults to the foreign primary key)', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', books =>
        books.addManyToOneRelation('writer', 'authors', { foreignKey: 'authorId' }),
      ),
    );

    expect(dataSource.getCollection('books').schema.fields.writer).toEqual({
      type: 'ManyToOne',
      foreignCollection: 'authors',
      foreignKey: 'authorId',
      foreignKeyTarget: 'id',
    });
    await expect(
      list(dataSource.getCollection('books'), ['writer:lastName'], byId(3)),
    ).resolves.toEqual([{ writer: { lastName: 'Le Guin' } }]);
  });

  it('adds a one-to-many relation, filterable from the parent side', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('authors', authors =>
        authors.addOneToManyRelation('books', 'books', { originKey: 'authorId' }),
      ),
    );

    expect(dataSource.getCollection('authors').schema.fields.books).toEqual({
      type: 'OneToMany',
      foreignCollection: 'books',
      originKey: 'authorId',
      originKeyTarget: 'id',
    });
  });

  it('adds a one-to-one relation', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('authors', authors =>
        authors.addOneToOneRelation('someBook', 'books', {
          originKey: 'id',
          originKeyTarget: 'id',
        }),
      ),
    );

    await expect(
      list(dataSource.getCollection('authors'), ['someBook:title'], byId(3)),
    ).resolves.toEqual([{ someBook: { title: 'Earthsea' } }]);
  });

  it('adds a many-to-many relation', async () => {
    const dataSource = await buildLibrary(c =>
      c.customizeCollection('books', books =>
        books.addManyToManyRelation('tags', 'tags', 'bookTags', {
          originKey: 'bookId',
          foreignKey: 'tagId',
        }),
      ),
    );

    expect(dataSource.getCollection('books').schema.fields.tags).toEqual({
      type: 'ManyToMany',
      foreignCollection: 'tags',
      throughCollection: 'bookTags',
      originKey: 'bookId',
      foreignKey: 'tagId',
      originKeyTarget: 'id',
      foreignKeyTarget: 'id',
    });
  });

  it('refuses an unknown foreign collection at build', async () => {
    await expect(
      buildLibrary(c =>
        c.customizeCollection('books', b =>
          b.addManyToOneRelation('w', 'writers', { foreignKey: 'authorId' }),
        ),
      ),
    ).rejects.toThrow(
      "Collection 'writers' not found. List of available collections: authors, bookTags, books, tags",
    );
  });

  it('refuses an unknown key, naming collection and column', async () => {
    await expect(
      buildLibrary(c =>
        c.customizeCollection('books', b =>
          b.addManyToOneRelation('w', 'authors', { foreignKey: 'writerId' }),
        ),
      ),
    ).rejects.toThrow("The 'books.writerId' column was not found.");
  });

  it('refuses keys of different types', async () => {
    await expect(
      buildLibrary(c =>
        c.customizeCollection('books', b =>
          b.addManyToOneRelation('w', 'authors', { foreignKey: 'title' }),
        ),
      ),
    ).rejects.toThrow(
      "Cannot add the relation 'books.w': Types from 'books.title' and 'authors.id' do not match.",
    );
  });
});
