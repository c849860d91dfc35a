import {
  Page,
  PaginatedFilter,
  Projection,
  Sort,
  type ColumnSchema,
  type SortClause,
} from '@grove/datasource-toolkit';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { SortEmulateCollectionDecorator } from '../../../src/decorators/sort-emulate/sort-emulate-collection-decorator';
import { createLibrary } from '../operators-emulate/library-fixture';
import { caller, restrict } from '../operators-emulate/query-test-layers';

function build() {
  const base = restrict(
    createLibrary(),
    {},
    { notSortable: { books: ['title', 'writer'], authors: ['firstName'] } },
  );
  const sorts = new DataSourceDecorator(base, SortEmulateCollectionDecorator);

  return {
    base,
    sorts,
    books: sorts.getCollection('books'),
    authors: sorts.getCollection('authors'),
  };
}

async function ids(
  collection: SortEmulateCollectionDecorator,
  clauses: SortClause[],
  page?: Page,
): Promise<unknown[]> {
  const filter = new PaginatedFilter({ sort: new Sort(...clauses), page: page ?? null });
  const records = await collection.list(caller, filter, new Projection('id', 'title'));

  return records.map(record => record.id);
}

function isSortable(collection: SortEmulateCollectionDecorator, field: string): unknown {
  return (collection.schema.fields[field] as ColumnSchema).isSortable;
}

describe('SortEmulateCollectionDecorator', () => {
  describe('emulateFieldSorting', () => {
    it('marks the field sortable', () => {
      const { books } = build();
      books.emulateFieldSorting('title');

      expect(isSortable(books, 'title')).toBe(true);
    });

    it('sorts and pages in memory, both directions', async () => {
      const { books } = build();
      books.emulateFieldSorting('title');

      expect(await ids(books, [{ field: 'title', ascending: true }], new Page(1, 2))).toEqual([
        3, 4,
      ]);
      expect(await ids(books, [{ field: 'title', ascending: false }], new Page(0, 2))).toEqual([
        5, 2,
      ]);
    });

    it('lists candidates without sort nor page, then reads the page by id', async () => {
      const { base, books } = build();
      books.emulateFieldSorting('title');
      const list = jest.spyOn(base.getCollection('books'), 'list');

      await ids(books, [{ field: 'title', ascending: true }], new Page(1, 2));

      expect(
        list.mock.calls.map(([, filter, projection]) => [
          filter.sort,
          filter.page,
          filter.conditionTree?.toJSON() ?? null,
          projection.paths,
        ]),
      ).toEqual([
        [null, null, null, ['id', 'title']],
        [null, null, { field: 'id', operator: 'In', value: [3, 4] }, ['id', 'title']],
      ]);
    });

    it('returns the projection only', async () => {
      const { books } = build();
      books.emulateFieldSorting('title');
      const filter = new PaginatedFilter({ sort: new Sort({ field: 'title', ascending: true }) });

      const records = await books.list(caller, filter, new Projection('title'));

      expect(records[0]).toEqual({ title: 'Dune' });
    });

    it('mixes emulated and native clauses', async () => {
      const { books } = build();
      books.emulateFieldSorting('writer');

      expect(
        await ids(books, [
          { field: 'writer', ascending: true },
          { field: 'price', ascending: false },
        ]),
      ).toEqual([4, 1, 3, 2, 5]);
    });

    it('resolves relation paths with the related collection', async () => {
      const { books, authors } = build();
      authors.emulateFieldSorting('firstName');

      expect(await ids(books, [{ field: 'author:firstName', ascending: true }])).toEqual([
        1, 3, 4, 2, 5,
      ]);
    });

    it('skips the second read when the page is empty', async () => {
      const { base, books } = build();
      books.emulateFieldSorting('title');
      const list = jest.spyOn(base.getCollection('books'), 'list');

      expect(await ids(books, [{ field: 'title', ascending: true }], new Page(10, 5))).toEqual([]);
      expect(list).toHaveBeenCalledTimes(1);
    });
  });

  describe('replaceFieldSorting', () => {
    it('sorts by the replacement clauses, inverted for descending sorts', async () => {
      const { base, books } = build();
      books.replaceFieldSorting('writer', [{ field: 'author:lastName', ascending: true }]);
      const list = jest.spyOn(base.getCollection('books'), 'list');

      expect(isSortable(books, 'writer')).toBe(true);
      expect(await ids(books, [{ field: 'writer', ascending: true }])).toEqual([4, 1, 3, 2, 5]);
      expect(await ids(books, [{ field: 'writer', ascending: false }])).toEqual([2, 5, 1, 3, 4]);
      expect(list.mock.calls[1]?.[1].sort?.toJSON()).toEqual([
        { field: 'author:lastName', ascending: false },
      ]);
    });

    it('may use emulated fields', async () => {
      const { books } = build();
      books.emulateFieldSorting('title');
      books.replaceFieldSorting('writer', [{ field: 'title', ascending: false }]);

      expect(await ids(books, [{ field: 'writer', ascending: true }])).toEqual([5, 2, 4, 3, 1]);
    });

    it('sorts in memory when given null', async () => {
      const { books } = build();
      books.replaceFieldSorting('title', null);

      expect(await ids(books, [{ field: 'title', ascending: true }])).toEqual([1, 3, 4, 2, 5]);
    });

    it('throws at query time on a cycle', async () => {
      const { books } = build();
      books.replaceFieldSorting('title', [{ field: 'writer', ascending: true }]);
      books.replaceFieldSorting('writer', [{ field: 'title', ascending: true }]);

      await expect(ids(books, [{ field: 'title', ascending: true }])).rejects.toThrow(
        'Sort replacement cycle: books.title -> books.writer -> books.title',
      );
    });

    it('refuses an empty list of clauses', () => {
      const { books } = build();

      expect(() => books.replaceFieldSorting('title', [])).toThrow(
        "Cannot replace the sorting of 'books.title': expected a non-empty array of { field, ascending } clauses",
      );
    });

    it('refuses a clause on an unknown field', () => {
      const { books } = build();

      expect(() =>
        books.replaceFieldSorting('title', [{ field: 'author:lastNam', ascending: true }]),
      ).toThrow(
        "Cannot replace the sorting of 'books.title': The 'authors.lastNam' field was not found. Available fields are: ['id', 'firstName', 'lastName', 'books']. Please check if the field name is correct.",
      );
    });

    it('refuses a clause without a boolean direction', () => {
      const { books } = build();

      expect(() =>
        books.replaceFieldSorting('title', [{ field: 'id', ascending: 'yes' } as never]),
      ).toThrow("Cannot replace the sorting of 'books.title': Invalid sort.ascending value: yes");
    });
  });

  describe('disableFieldSorting', () => {
    it('marks the field not sortable but still sorts internally', async () => {
      const { books } = build();
      books.disableFieldSorting('price');

      expect(isSortable(books, 'price')).toBe(false);
      expect(await ids(books, [{ field: 'price', ascending: true }])).toEqual([5, 2, 3, 1, 4]);
    });

    it('lets a later emulation make the field sortable again', () => {
      const { books } = build();
      books.disableFieldSorting('title');
      books.emulateFieldSorting('title');

      expect(isSortable(books, 'title')).toBe(true);
    });
  });

  describe('registration errors', () => {
    it('rejects an unknown field', () => {
      const { books } = build();

      expect(() => books.emulateFieldSorting('titel')).toThrow(
        "The 'books.titel' field was not found. Available fields are: ['id', 'title', 'price', 'writer', 'publishedAt', 'authorId', 'author']. Please check if the field name is correct.",
      );
    });

    it('rejects a relation', () => {
      const { books } = build();

      expect(() => books.disableFieldSorting('author')).toThrow(
        "Unexpected field type: 'books.author' (found 'ManyToOne' expected 'Column')",
      );
    });

    it('rejects a relation path', () => {
      const { books } = build();

      expect(() => books.emulateFieldSorting('author:firstName')).toThrow(
        "Cannot change the sorting of 'books.author:firstName': only columns of the collection itself can be changed; change the sorting of the field on the related collection instead",
      );
    });
  });
});
