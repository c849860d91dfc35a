import {
  ConditionTreeLeaf,
  Filter,
  Page,
  Projection,
  Sort,
  createInMemoryDataSource,
} from '@grove/datasource-toolkit';
import type { Collection, RecordData, PaginatedFilter } from '@grove/datasource-toolkit';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { exportRecords } from '../../src/csv/export-records';
import { caller, collection } from '../query/library';

/** A collection of `count` rows stored in descending id order, with its list spied on. */
function rows(count: number): { rowsCollection: Collection; list: jest.SpyInstance } {
  const records = Array.from({ length: count }, (_, index) => ({
    id: count - index,
    group: (count - index) % 2,
  }));
  const rowsCollection = createInMemoryDataSource({
    collections: {
      rows: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          group: { type: 'Column', columnType: 'Number' },
        },
        records,
      },
    },
  }).getCollection('rows');

  return { rowsCollection, list: jest.spyOn(rowsCollection, 'list') };
}

async function collect(pages: AsyncIterable<RecordData[]>): Promise<RecordData[][]> {
  const result: RecordData[][] = [];
  for await (const page of pages) result.push(page);

  return result;
}

function pageOf(call: unknown[]): Page | null {
  return (call[1] as PaginatedFilter).page;
}

function treeOf(call: unknown[]): unknown {
  return (call[1] as PaginatedFilter).conditionTree?.toJSON() ?? null;
}

function after(id: number): unknown {
  return new ConditionTreeLeaf('id', 'GreaterThan', id).toJSON();
}

describe('exportRecords', () => {
  const projection = new Projection('id');
  const filter = new Filter();
  /** The export of a whole collection (no filter) in pages of 1000. */
  const byThousands = (rowsCollection: Collection) =>
    exportRecords({ collection: rowsCollection, caller, filter, projection, pageSize: 1000 });

  it('reads 2500 rows in 3 pages of 1000, by primary key ascending', async () => {
    const { rowsCollection, list } = rows(2500);
    const pages = await collect(byThousands(rowsCollection));

    expect(pages.map(page => page.length)).toEqual([1000, 1000, 500]);
    expect(list).toHaveBeenCalledTimes(3);
    // Keyset paging on the primary key: never an offset, the next keys after the last read.
    expect(list.mock.calls.map(pageOf)).toEqual([
      new Page(0, 1000),
      new Page(0, 1000),
      new Page(0, 1000),
    ]);
    expect(list.mock.calls.map(treeOf)).toEqual([null, after(1000), after(2000)]);
    expect(pages.flat().map(record => record.id)).toEqual(
      Array.from({ length: 2500 }, (_, index) => index + 1),
    );
  });

  it('reads a page only when the consumer asks for it', async () => {
    const { rowsCollection, list } = rows(2500);
    const pages = byThousands(rowsCollection);

    expect(list).not.toHaveBeenCalled();
    const first = await pages.next();
    expect(first.value).toHaveLength(1000);
    expect(list).toHaveBeenCalledTimes(1);
    await pages.return(undefined);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('keeps no page alive while the next one is read', async () => {
    const { rowsCollection } = rows(2500);
    let first: WeakRef<RecordData[]> | undefined;
    let release: (() => void) | undefined;
    // No jest spy: its record of the results would keep the pages alive.
    rowsCollection.list = async () => {
      if (!first) {
        const records = Array.from({ length: 1000 }, (_, index) => ({ id: index + 1 }));
        first = new WeakRef(records);

        return records;
      }
      // The second page is read only once the test lets it.
      await new Promise<void>(resolve => {
        release = resolve;
      });

      return [];
    };
    const pages = byThousands(rowsCollection);
    const lengthOf = async (): Promise<number> =>
      ((await pages.next()).value as RecordData[]).length;

    expect(await lengthOf()).toBe(1000);
    const next = pages.next();
    await new Promise(resolve => setImmediate(resolve));
    expect(release).toBeDefined();
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    // The consumer asked for the next page: the first one is garbage while it is read.
    expect(first?.deref()).toBeUndefined();
    release?.();
    expect((await next).done).toBe(true);
  });

  it('stops after an empty page when the rows fill the last page', async () => {
    const { rowsCollection, list } = rows(2000);
    const pages = await collect(byThousands(rowsCollection));
    expect(pages.map(page => page.length)).toEqual([1000, 1000]);
    expect(list).toHaveBeenCalledTimes(3);
  });

  it.each([
    [1500, [1000, 500], [new Page(0, 1000), new Page(0, 500)]],
    [2000, [1000, 1000], [new Page(0, 1000), new Page(0, 1000)]],
    [300, [300], [new Page(0, 300)]],
    [0, [], []],
  ])('stops at the limit %j', async (limit, lengths, calls) => {
    const { rowsCollection, list } = rows(2500);
    const pages = await collect(
      exportRecords({
        collection: rowsCollection,
        caller,
        filter,
        projection,
        pageSize: 1000,
        limit,
      }),
    );
    expect(pages.map(page => page.length)).toEqual(lengths);
    expect(list.mock.calls.map(pageOf)).toEqual(calls);
  });

  it('sorts by the given sort with the primary key as tiebreaker, and keeps the filter', async () => {
    const { rowsCollection, list } = rows(5);
    const sort = new Sort({ field: 'group', ascending: false });
    const tree = new ConditionTreeLeaf('id', 'GreaterThan', 1);
    const pages = await collect(
      exportRecords({
        collection: rowsCollection,
        caller,
        filter: new Filter({ conditionTree: tree, search: '1' }),
        sort,
        projection,
        pageSize: 2,
      }),
    );

    // group descending, id ascending; the search '1' keeps the rows of group 1.
    expect(pages.flat().map(record => record.id)).toEqual([3, 5]);
    const sent = list.mock.calls[0]?.[1] as PaginatedFilter;
    expect(sent.sort?.toJSON()).toEqual([
      { field: 'group', ascending: false },
      { field: 'id', ascending: true },
    ]);
    expect(sent.conditionTree).toBe(tree);
    expect(sent.search).toBe('1');
  });

  it('pages by keyset within the filter, reading the primary key the projection omits', async () => {
    const { rowsCollection, list } = rows(5);
    const tree = new ConditionTreeLeaf('group', 'Equal', 1);
    const pages = await collect(
      exportRecords({
        collection: rowsCollection,
        caller,
        filter: new Filter({ conditionTree: tree }),
        projection: new Projection('group'),
        pageSize: 2,
      }),
    );

    expect(pages.flat()).toEqual([
      { id: 1, group: 1 },
      { id: 3, group: 1 },
      { id: 5, group: 1 },
    ]);
    expect(list.mock.calls.map(call => (call[2] as Projection).paths)).toEqual([
      ['group', 'id'],
      ['group', 'id'],
    ]);
    expect(list.mock.calls.map(treeOf)).toEqual([
      tree.toJSON(),
      { aggregator: 'And', conditions: [tree.toJSON(), after(3)] },
    ]);
  });

  it('pages a descending primary key by keyset, the next keys below the last read', async () => {
    const { rowsCollection, list } = rows(5);
    const pages = await collect(
      exportRecords({
        collection: rowsCollection,
        caller,
        filter,
        sort: new Sort({ field: 'id', ascending: false }),
        projection,
        pageSize: 2,
      }),
    );

    expect(pages.flat().map(record => record.id)).toEqual([5, 4, 3, 2, 1]);
    expect(list.mock.calls.map(treeOf)).toEqual([
      null,
      new ConditionTreeLeaf('id', 'LessThan', 4).toJSON(),
      new ConditionTreeLeaf('id', 'LessThan', 2).toJSON(),
    ]);
  });

  it('pages by offset when the order is not the primary key alone', async () => {
    const { rowsCollection, list } = rows(5);
    await collect(
      exportRecords({
        collection: rowsCollection,
        caller,
        filter,
        sort: new Sort({ field: 'group', ascending: true }),
        projection,
        pageSize: 2,
      }),
    );

    expect(list.mock.calls.map(pageOf)).toEqual([new Page(0, 2), new Page(2, 2), new Page(4, 2)]);
    expect(list.mock.calls.map(treeOf)).toEqual([null, null, null]);
  });

  it('sorts by primary keys when the sort is empty', async () => {
    const { rowsCollection, list } = rows(3);
    await collect(
      exportRecords({
        collection: rowsCollection,
        caller,
        filter,
        sort: new Sort(),
        projection,
        pageSize: 10,
      }),
    );
    expect((list.mock.calls[0]?.[1] as PaginatedFilter).sort?.toJSON()).toEqual([
      { field: 'id', ascending: true },
    ]);
  });

  it('sorts composite keys in schema order', async () => {
    const orderLines = collection('orderLines');
    const list = jest.spyOn(orderLines, 'list');
    await collect(
      exportRecords({
        collection: orderLines,
        caller,
        filter,
        projection: new Projection('sku'),
        pageSize: 10,
      }),
    );
    expect((list.mock.calls[0]?.[1] as PaginatedFilter).sort?.toJSON()).toEqual([
      { field: 'orderId', ascending: true },
      { field: 'sku', ascending: true },
    ]);
  });

  it.each([0, -1, 1.5])('refuses a page size of %j', async pageSize => {
    const { rowsCollection } = rows(1);
    await expect(
      collect(exportRecords({ collection: rowsCollection, caller, filter, projection, pageSize })),
    ).rejects.toMatchObject({
      code: 'ValidationError',
      message: `The export page size must be a positive integer, got ${pageSize}`,
    });
  });
});
