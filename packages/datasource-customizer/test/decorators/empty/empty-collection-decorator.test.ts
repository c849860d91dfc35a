import {
  Aggregation,
  ConditionTreeFactory,
  type Collection,
  type PlainConditionTree,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../../../src/decorators/collection-decorator';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import {
  EmptyCollectionDecorator,
  isEmpty,
} from '../../../src/decorators/empty/empty-collection-decorator';
import { caller, count, createLibrary, filterOf, list } from '../../scenarios/library-fixture';

/** Counts the calls reaching the data source. */
class SpyDecorator extends CollectionDecorator {
  static calls: string[] = [];
  override list(...args: Parameters<Collection['list']>) {
    SpyDecorator.calls.push('list');
    return super.list(...args);
  }
  override update(...args: Parameters<Collection['update']>) {
    SpyDecorator.calls.push('update');
    return super.update(...args);
  }
  override delete(...args: Parameters<Collection['delete']>) {
    SpyDecorator.calls.push('delete');
    return super.delete(...args);
  }
  override aggregate(...args: Parameters<Collection['aggregate']>) {
    SpyDecorator.calls.push('aggregate');
    return super.aggregate(...args);
  }
}

function setup() {
  SpyDecorator.calls = [];
  const spied = new DataSourceDecorator(createLibrary(), SpyDecorator);

  return new DataSourceDecorator(spied, EmptyCollectionDecorator).getCollection('books');
}

const tree = (plain: PlainConditionTree) => ConditionTreeFactory.fromPlainObject(plain);
const emptyIn: PlainConditionTree = { field: 'id', operator: 'In', value: [] };

describe('isEmpty', () => {
  it.each<[string, PlainConditionTree]>([
    ['an empty In', emptyIn],
    ['an Or without conditions', { aggregator: 'Or', conditions: [] }],
    [
      'an Or of empty children',
      { aggregator: 'Or', conditions: [emptyIn, { field: 'year', operator: 'In', value: [] }] },
    ],
    [
      'an And with an empty child',
      { aggregator: 'And', conditions: [emptyIn, { field: 'year', operator: 'Equal', value: 1 }] },
    ],
    [
      'disjoint Equal and In on one field',
      {
        aggregator: 'And',
        conditions: [
          { field: 'id', operator: 'Equal', value: 4 },
          { field: 'id', operator: 'In', value: [5, 6] },
        ],
      },
    ],
  ])('detects %s', (_label, plain) => {
    expect(isEmpty(tree(plain))).toBe(true);
  });

  it.each<[string, PlainConditionTree | null]>([
    ['no tree', null],
    ['a non-empty In', { field: 'id', operator: 'In', value: [1] }],
    ['an And without conditions', { aggregator: 'And', conditions: [] }],
    [
      'overlapping Equal and In',
      {
        aggregator: 'And',
        conditions: [
          { field: 'id', operator: 'Equal', value: 5 },
          { field: 'id', operator: 'In', value: [5, 6] },
        ],
      },
    ],
    [
      'disjoint values on different fields',
      {
        aggregator: 'And',
        conditions: [
          { field: 'id', operator: 'Equal', value: 4 },
          { field: 'year', operator: 'Equal', value: 5 },
        ],
      },
    ],
    [
      'an Or with one non-empty child',
      { aggregator: 'Or', conditions: [emptyIn, { field: 'id', operator: 'Equal', value: 1 }] },
    ],
  ])('does not flag %s', (_label, plain) => {
    expect(isEmpty(plain ? tree(plain) : null)).toBe(false);
  });
});

describe('EmptyCollectionDecorator', () => {
  it('answers an empty list without calling the data source', async () => {
    const books = setup();

    await expect(list(books, ['id'], emptyIn)).resolves.toEqual([]);
    expect(SpyDecorator.calls).toEqual([]);
  });

  it('forwards a non-empty list', async () => {
    const books = setup();

    await expect(list(books, ['id'], { field: 'id', operator: 'In', value: [2] })).resolves.toEqual(
      [{ id: 2 }],
    );
    expect(SpyDecorator.calls).toEqual(['list']);
  });

  it('skips update and delete on an empty filter', async () => {
    const books = setup();
    await books.update(caller, filterOf(emptyIn), { title: 'x' });
    await books.delete(caller, filterOf(emptyIn));

    expect(SpyDecorator.calls).toEqual([]);
    await expect(
      list(books, ['title'], { field: 'id', operator: 'Equal', value: 1 }),
    ).resolves.toEqual([{ title: 'Dune' }]);
  });

  it('counts 0 on an empty filter (docs/decisions.md#d3-unknown-segments-and-empty-counts)', async () => {
    const books = setup();

    await expect(count(books, emptyIn)).resolves.toBe(0);
    expect(SpyDecorator.calls).toEqual([]);
  });

  it('returns no row for a grouped aggregate on an empty filter', async () => {
    const books = setup();
    const aggregation = new Aggregation({ operation: 'Count', groups: [{ field: 'authorId' }] });

    await expect(books.aggregate(caller, filterOf(emptyIn), aggregation)).resolves.toEqual([]);
  });

  it('forwards a non-empty aggregate', async () => {
    const books = setup();

    await expect(count(books)).resolves.toBe(4);
    expect(SpyDecorator.calls).toEqual(['aggregate']);
  });
});
