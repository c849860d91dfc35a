import {
  PaginatedFilter,
  Page,
  Projection,
  Sort,
  type RecordData,
} from '@grove/datasource-toolkit';
import { caller, createLibrary, spyOnLists } from '../relation/library-fixture';
import { createComputedLayer } from './computed-fixture';

/**
 * No N+1: a page of books with a computed field depending on an emulated relation path costs the
 * same number of `list` calls on the data, whatever the size of the page.
 */
async function countListCalls(bookCount: number): Promise<Record<string, number>> {
  const source = createLibrary(bookCount);
  const layer = createComputedLayer(source);
  layer.getCollection('books').registerComputed('byline', {
    columnType: 'String',
    dependencies: ['title', 'author:lastName', 'author:publisher:name'],
    getValues: records =>
      records.map(r => {
        const author = r.author as RecordData | null;

        return `${String(r.title)} by ${String(author?.lastName)}`;
      }),
  });
  const spies = spyOnLists(source);
  const filter = new PaginatedFilter({
    sort: new Sort({ field: 'id', ascending: true }),
    page: new Page(0, bookCount),
  });
  const records = await layer
    .getCollection('books')
    .list(caller, filter, new Projection('id', 'byline', 'author:id'));
  expect(records).toHaveLength(bookCount);
  expect(records[0]).toEqual({ id: 1, byline: 'Book 1 by Lovelace', author: { id: 1 } });

  return Object.fromEntries(
    Object.entries(spies).map(([name, spy]) => [name, spy.mock.calls.length]),
  );
}

describe('computed fields over emulated relations: list calls', () => {
  test.each([3, 50])('listing %i books makes one call on books and one on authors', async count => {
    expect(await countListCalls(count)).toEqual({
      publishers: 0,
      authors: 1,
      books: 1,
      reviews: 0,
      bios: 0,
    });
  });

  test('the number of calls does not depend on the page size', async () => {
    expect(await countListCalls(3)).toEqual(await countListCalls(50));
  });
});
