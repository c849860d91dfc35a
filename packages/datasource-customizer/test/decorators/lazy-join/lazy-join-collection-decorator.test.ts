import {
  Aggregation,
  ConditionTreeLeaf,
  Filter,
  PaginatedFilter,
  Projection,
  Sort,
  type DataSource,
} from '@grove/datasource-toolkit';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { LazyJoinCollectionDecorator } from '../../../src/decorators/lazy-join/lazy-join-collection-decorator';
import {
  caller,
  createEmulatedLibrary,
  createLibrary,
  spyOnLists,
} from '../relation/library-fixture';

const byId = new PaginatedFilter({ sort: new Sort({ field: 'id', ascending: true }) });

/** in-memory → equivalence → relation (books.author emulated, reviews.book native) → lazy join. */
function setup(source: DataSource = createLibrary()) {
  const layer = new DataSourceDecorator(createEmulatedLibrary(source), LazyJoinCollectionDecorator);

  return { layer, source, spies: spyOnLists(source) };
}

function argsOf(spy: jest.SpyInstance): { filter: PaginatedFilter; projection: Projection } {
  const [, filter, projection] = spy.mock.calls[0] as [unknown, PaginatedFilter, Projection];

  return { filter, projection };
}

describe('LazyJoinCollectionDecorator', () => {
  test('reads `rel:targetKey` of a native ManyToOne from the foreign key', async () => {
    const { layer, spies } = setup();
    const records = await layer
      .getCollection('reviews')
      .list(caller, byId, new Projection('stars', 'book:id'));

    expect(records).toEqual([
      { stars: 5, book: { id: 1 } },
      { stars: 4, book: { id: 3 } },
      { stars: 2, book: { id: 4 } },
    ]);
    expect(argsOf(spies.reviews).projection.paths).toEqual(['stars', 'bookId']);
    expect(spies.books).not.toHaveBeenCalled();
  });

  test('also skips the join of an emulated ManyToOne; a null key gives a null relation', async () => {
    const { layer, spies } = setup();
    const records = await layer
      .getCollection('books')
      .list(caller, byId, new Projection('author:id'));

    expect(records).toEqual([
      { author: { id: 1 } },
      { author: { id: 2 } },
      { author: { id: 2 } },
      { author: null },
      { author: { id: 99 } },
    ]);
    expect(spies.authors).not.toHaveBeenCalled();
  });

  test('keeps the foreign key when it was requested too', async () => {
    const { layer } = setup();
    const records = await layer
      .getCollection('reviews')
      .list(caller, byId, new Projection('bookId', 'book:id'));

    expect(records[0]).toEqual({ bookId: 1, book: { id: 1 } });
  });

  test('a key of 0 is a key, not a missing relation', async () => {
    const source = createLibrary();
    await source.getCollection('books').create(caller, [{ id: 0, title: 'Zero' }]);
    await source.getCollection('reviews').create(caller, [{ id: 9, bookId: 0, stars: 1 }]);
    const { layer } = setup(source);
    const filter = new PaginatedFilter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 9) });
    const records = await layer
      .getCollection('reviews')
      .list(caller, filter, new Projection('book:id'));

    expect(records).toEqual([{ book: { id: 0 } }]);
  });

  test('keeps the join when other fields of the relation are read', async () => {
    const { layer, spies } = setup();
    const records = await layer
      .getCollection('reviews')
      .list(caller, byId, new Projection('book:id', 'book:title'));

    expect(records[0]).toEqual({ book: { id: 1, title: 'Notes' } });
    expect(argsOf(spies.reviews).projection.paths).toEqual(['book:id', 'book:title']);
  });

  test('rewrites condition leaves on `rel:targetKey` to the foreign key', async () => {
    const { layer, spies } = setup();
    const filter = new PaginatedFilter({
      conditionTree: new ConditionTreeLeaf('author:id', 'Equal', 2),
    });
    const records = await layer
      .getCollection('books')
      .list(caller, filter, new Projection('title'));

    expect(records).toEqual([{ title: 'Computing' }, { title: 'Morphogenesis' }]);
    expect(argsOf(spies.books).filter.conditionTree?.toJSON()).toEqual({
      field: 'authorId',
      operator: 'Equal',
      value: 2,
    });
    expect(spies.authors).not.toHaveBeenCalled();
  });

  test('rewrites sort clauses on `rel:targetKey` to the foreign key', async () => {
    const { layer, spies } = setup();
    const filter = new PaginatedFilter({
      sort: new Sort({ field: 'book:id', ascending: false }),
    });
    const records = await layer.getCollection('reviews').list(caller, filter, new Projection('id'));

    expect(records).toEqual([{ id: 3 }, { id: 2 }, { id: 1 }]);
    expect(argsOf(spies.reviews).filter.sort?.toJSON()).toEqual([
      { field: 'bookId', ascending: false },
    ]);
  });

  test('groups aggregates by the foreign key and renames the groups back', async () => {
    const { layer, source } = setup();
    const spy = jest.spyOn(source.getCollection('books'), 'aggregate');
    const rows = await layer
      .getCollection('books')
      .aggregate(
        caller,
        new Filter({}),
        new Aggregation({ operation: 'Count', groups: [{ field: 'author:id' }] }),
      );

    expect(rows).toEqual([
      { value: 2, group: { 'author:id': 2 } },
      { value: 1, group: { 'author:id': 1 } },
      { value: 1, group: { 'author:id': null } },
      { value: 1, group: { 'author:id': 99 } },
    ]);
    expect((spy.mock.calls[0]?.[2] as Aggregation).groups).toEqual([{ field: 'authorId' }]);
  });
});
