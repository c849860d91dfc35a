import { createInMemoryDataSource } from '../../src/in-memory/create-in-memory-data-source';
import { ConditionTreeLeaf } from '../../src/query/condition-tree/nodes/condition-tree-leaf';
import { Filter } from '../../src/query/filter';
import { PaginatedFilter } from '../../src/query/paginated-filter';
import { Projection } from '../../src/query/projection';
import { caller, library } from './library';

const ids = new Projection('id');

async function listIds(books: ReturnType<typeof library>): Promise<unknown[]> {
  const records = await books.getCollection('books').list(caller, new PaginatedFilter(), ids);

  return records.map(record => record.id);
}

describe('in-memory data source: create', () => {
  it('generates the next integer key, applies defaults and returns every column', async () => {
    const [created] = await library()
      .getCollection('books')
      .create(caller, [{ title: 'Dune Messiah', year: '1969' }]);
    expect(created).toEqual({
      id: 4,
      title: 'Dune Messiah',
      status: 'draft',
      year: 1969,
      isbn: null,
      publishedAt: null,
      tags: null,
      authorId: null,
    });
  });

  it('never reuses a key, even after a delete', async () => {
    const dataSource = library();
    const books = dataSource.getCollection('books');
    await books.delete(
      caller,
      new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 3) }),
    );
    const [afterDelete] = await books.create(caller, [{ title: 'A' }]);
    const created = await books.create(caller, [{ title: 'B' }, { title: 'C', id: 10 }]);
    expect([afterDelete?.id, ...created.map(record => record.id)]).toEqual([4, 11, 10]);
  });

  it('generates Uuid keys', async () => {
    const dataSource = createInMemoryDataSource({
      collections: {
        tags: {
          fields: {
            id: { type: 'Column', columnType: 'Uuid', isPrimaryKey: true },
            label: { type: 'Column', columnType: 'String' },
          },
        },
      },
    });
    const [created] = await dataSource.getCollection('tags').create(caller, [{ label: 'x' }]);
    expect(String(created?.id)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('copies the records it is given', async () => {
    const dataSource = library();
    const record = { title: 'Copy', tags: ['a'] };
    const [created] = await dataSource.getCollection('books').create(caller, [record]);
    record.tags.push('mutated');
    (created?.tags as string[]).push('mutated too');
    const filter = new PaginatedFilter({
      conditionTree: new ConditionTreeLeaf('title', 'Equal', 'Copy'),
    });
    expect(
      await dataSource.getCollection('books').list(caller, filter, new Projection('tags')),
    ).toEqual([{ tags: ['a'] }]);
  });

  it('writes nothing when one record of the batch is invalid', async () => {
    const dataSource = library();
    const books = dataSource.getCollection('books');
    await expect(
      books.create(caller, [{ title: 'Fine' }, { title: 'Bad', year: 'soon' }]),
    ).rejects.toMatchObject({
      code: 'ValidationError',
      message: 'The given value has a wrong type for "year": soon.\n Expects "Number",null',
    });
    expect(await listIds(dataSource)).toEqual([1, 3, 2]);
  });

  it('writes nothing when a key is duplicated', async () => {
    const dataSource = library();
    await expect(
      dataSource.getCollection('books').create(caller, [
        { title: 'New', id: 9 },
        { title: 'Dup', id: 1 },
      ]),
    ).rejects.toMatchObject({
      code: 'ConflictError',
      message: "Duplicate primary key [1] in 'books'",
    });
    expect(await listIds(dataSource)).toEqual([1, 3, 2]);
  });

  it('refuses null in a non-nullable column', async () => {
    await expect(
      library()
        .getCollection('books')
        .create(caller, [{ year: 2000 }]),
    ).rejects.toMatchObject({
      message: "The 'books.title' field cannot be null",
    });
  });

  it('refuses to write a relation', async () => {
    await expect(
      library()
        .getCollection('books')
        .create(caller, [{ title: 'x', author: { name: 'y' } }]),
    ).rejects.toMatchObject({
      code: 'ValidationError',
      message: "Cannot write the relation 'books.author': write its foreign key instead",
    });
  });
});

describe('in-memory data source: update and delete', () => {
  it('patches every match and nothing else', async () => {
    const dataSource = library();
    const books = dataSource.getCollection('books');
    await books.update(
      caller,
      new Filter({ conditionTree: new ConditionTreeLeaf('author:name', 'Equal', 'Frank Herbert') }),
      {
        status: 'draft',
      },
    );
    const records = await books.list(caller, new PaginatedFilter(), new Projection('id', 'status'));
    expect(records).toEqual([
      { id: 1, status: 'draft' },
      { id: 3, status: 'draft' },
      { id: 2, status: 'draft' },
    ]);
  });

  it('refuses an unknown field', async () => {
    await expect(
      library().getCollection('books').update(caller, new Filter(), { titel: 'x' }),
    ).rejects.toMatchObject({
      name: 'MissingFieldError',
      message:
        "The 'books.titel' field was not found. Available fields are: ['id', 'title', 'status', 'year', " +
        "'isbn', 'publishedAt', 'tags', 'authorId', 'author']. Please check if the field name is correct.",
    });
  });

  it('changes nothing when the patch would duplicate a key', async () => {
    const dataSource = library();
    const books = dataSource.getCollection('books');
    await expect(books.update(caller, new Filter(), { id: 7 })).rejects.toMatchObject({
      code: 'ConflictError',
    });
    expect(await listIds(dataSource)).toEqual([1, 3, 2]);
  });

  it('deletes the matches only', async () => {
    const dataSource = library();
    await dataSource.getCollection('books').delete(caller, new Filter({ segment: 'published' }));
    expect(await listIds(dataSource)).toEqual([3]);
  });
});

describe('in-memory data source: definition errors', () => {
  it('refuses a relation to an unknown column', () => {
    expect(() =>
      createInMemoryDataSource({
        collections: {
          books: {
            fields: {
              id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
              author: {
                type: 'ManyToOne',
                foreignCollection: 'books',
                foreignKey: 'authorId',
                foreignKeyTarget: 'id',
              },
            },
          },
        },
      }),
    ).toThrow(
      "The 'books.authorId' column was not found. Available columns are: ['id']. Please check if the column name is correct.",
    );
  });

  it('refuses a relation to an unknown collection', () => {
    expect(() =>
      createInMemoryDataSource({
        collections: {
          books: {
            fields: {
              id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
              author: {
                type: 'ManyToOne',
                foreignCollection: 'authors',
                foreignKey: 'id',
                foreignKeyTarget: 'id',
              },
            },
          },
        },
      }),
    ).toThrow("Collection 'authors' not found. List of available collections: books");
  });
});
