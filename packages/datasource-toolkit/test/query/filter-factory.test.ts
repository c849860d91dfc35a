import { createInMemoryDataSource } from '../../src/in-memory/create-in-memory-data-source';
import type { Caller } from '../../src/interfaces/caller';
import type { Collection } from '../../src/interfaces/collection';
import { ConditionTreeLeaf } from '../../src/query/condition-tree/nodes/condition-tree-leaf';
import {
  findInverseRelation,
  getValueById,
  makeForeignFilter,
} from '../../src/query/filter-factory';
import { PaginatedFilter } from '../../src/query/paginated-filter';
import { Projection } from '../../src/query/projection';

const caller: Caller = {
  id: 1,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  team: 'Ops',
  role: 'Admin',
  tags: {},
  timezone: 'UTC',
};

function makeLibrary() {
  const dataSource = createInMemoryDataSource({
    collections: {
      authors: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          code: { type: 'Column', columnType: 'String' },
          books: {
            type: 'OneToMany',
            foreignCollection: 'books',
            originKey: 'authorCode',
            originKeyTarget: 'code',
          },
        },
        records: [
          { id: 1, code: 'FH' },
          { id: 2, code: 'UL' },
        ],
      },
      books: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          title: { type: 'Column', columnType: 'String' },
          authorCode: { type: 'Column', columnType: 'String' },
          author: {
            type: 'ManyToOne',
            foreignCollection: 'authors',
            foreignKey: 'authorCode',
            foreignKeyTarget: 'code',
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
          { id: 10, title: 'Dune', authorCode: 'FH' },
          { id: 11, title: 'Dune Messiah', authorCode: 'FH' },
          { id: 12, title: 'Earthsea', authorCode: 'UL' },
        ],
      },
      tags: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          label: { type: 'Column', columnType: 'String' },
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
          { id: 100, label: 'Classic' },
          { id: 101, label: 'Desert' },
          { id: 102, label: 'Magic' },
        ],
      },
      bookTags: {
        fields: {
          bookId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          tagId: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
        },
        records: [
          { bookId: 10, tagId: 100 },
          { bookId: 10, tagId: 101 },
          { bookId: 12, tagId: 102 },
        ],
      },
    },
  });

  return {
    authors: dataSource.getCollection('authors'),
    books: dataSource.getCollection('books'),
    tags: dataSource.getCollection('tags'),
  };
}

async function ids(collection: Collection, filter: PaginatedFilter): Promise<unknown[]> {
  const records = await collection.list(caller, filter, new Projection('id'));

  return records.map(record => record.id).sort();
}

describe('getValueById', () => {
  it('reads primary keys from the id without a query', async () => {
    const { authors } = makeLibrary();
    const list = jest.spyOn(authors, 'list');

    expect(await getValueById(caller, authors, [2], 'id')).toBe(2);
    expect(list).not.toHaveBeenCalled();
  });

  it('lists the record for other fields', async () => {
    const { authors } = makeLibrary();

    expect(await getValueById(caller, authors, [2], 'code')).toBe('UL');
    await expect(getValueById(caller, authors, [9], 'code')).rejects.toThrow(
      "Record [9] of 'authors' was not found.",
    );
  });
});

describe('makeForeignFilter', () => {
  it('selects the children of a one-to-many through its origin key target', async () => {
    const { authors, books } = makeLibrary();
    const filter = await makeForeignFilter(caller, authors, [1], 'books', new PaginatedFilter());

    expect(await ids(books, filter)).toEqual([10, 11]);
  });

  it('intersects with the user filter', async () => {
    const { authors, books } = makeLibrary();
    const base = new PaginatedFilter({
      conditionTree: new ConditionTreeLeaf('title', 'Equal', 'Dune'),
    });
    const filter = await makeForeignFilter(caller, authors, [1], 'books', base);

    expect(await ids(books, filter)).toEqual([10]);
    expect(filter).toBeInstanceOf(PaginatedFilter);
  });

  it('selects many-to-many records through the through collection', async () => {
    const { books, tags } = makeLibrary();

    expect(
      await ids(tags, await makeForeignFilter(caller, books, [10], 'tags', new PaginatedFilter())),
    ).toEqual([100, 101]);
    expect(
      await ids(tags, await makeForeignFilter(caller, books, [11], 'tags', new PaginatedFilter())),
    ).toEqual([]);
    expect(
      await ids(
        books,
        await makeForeignFilter(caller, tags, [102], 'books', new PaginatedFilter()),
      ),
    ).toEqual([12]);
  });

  it('refuses other fields', async () => {
    const { books } = makeLibrary();

    await expect(
      makeForeignFilter(caller, books, [10], 'author', new PaginatedFilter()),
    ).rejects.toThrow("'books.author' is not a OneToMany or ManyToMany relation.");
  });
});

describe('findInverseRelation', () => {
  it('pairs relations on both sides', () => {
    const { authors, books, tags } = makeLibrary();

    expect(findInverseRelation(books, 'author')).toBe('books');
    expect(findInverseRelation(authors, 'books')).toBe('author');
    expect(findInverseRelation(books, 'tags')).toBe('books');
    expect(findInverseRelation(tags, 'books')).toBe('tags');
    expect(findInverseRelation(books, 'title')).toBeNull();
  });
});
