import {
  Aggregation,
  ConditionTreeBranch,
  ConditionTreeLeaf,
  Filter,
  Page,
  PaginatedFilter,
  Projection,
  Sort,
  type CollectionSchema,
  type ConditionTree,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../../../src/decorators/collection-decorator';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { RelationCollectionDecorator } from '../../../src/decorators/relation/relation-collection-decorator';
import { caller, createEmulatedLibrary, createLibrary, spyOnLists } from './library-fixture';

/** Hides `NotIn` on every column (as a data source without it would). */
class WithoutNotInCollectionDecorator extends CollectionDecorator {
  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    for (const field of Object.values(schema.fields)) {
      if (field.type === 'Column') field.filterOperators?.delete('NotIn');
    }

    return schema;
  }
}

function setup() {
  const source = createLibrary();
  const layer = createEmulatedLibrary(source);

  return { layer, source, spies: spyOnLists(source) };
}

function where(conditionTree: ConditionTree): PaginatedFilter {
  return new PaginatedFilter({ conditionTree, sort: new Sort({ field: 'id', ascending: true }) });
}

function treeOf(call: unknown[] | undefined): unknown {
  return (call?.[1] as Filter).conditionTree?.toJSON();
}

describe('RelationCollectionDecorator filters', () => {
  test('a leaf on an emulated ManyToOne path becomes In on the foreign key', async () => {
    const { layer, spies } = setup();
    const records = await layer
      .getCollection('books')
      .list(
        caller,
        where(new ConditionTreeLeaf('author:firstName', 'Equal', 'Alan')),
        new Projection('title'),
      );

    expect(records).toEqual([{ title: 'Computing' }, { title: 'Morphogenesis' }]);
    expect(treeOf(spies.authors.mock.calls[0])).toEqual({
      field: 'firstName',
      operator: 'Equal',
      value: 'Alan',
    });
    expect(treeOf(spies.books.mock.calls[0])).toEqual({
      field: 'authorId',
      operator: 'In',
      value: [2],
    });
  });

  test('NotEqual becomes NotIn the keys of Equal: records without an author still match', async () => {
    const { layer, spies } = setup();
    const records = await layer
      .getCollection('books')
      .list(
        caller,
        where(new ConditionTreeLeaf('author:firstName', 'NotEqual', 'Alan')),
        new Projection('title'),
      );

    expect(records).toEqual([{ title: 'Notes' }, { title: 'Anonymous' }, { title: 'Lost' }]);
    expect(treeOf(spies.books.mock.calls[0])).toEqual({
      field: 'authorId',
      operator: 'NotIn',
      value: [2],
    });
  });

  test('without NotIn on the foreign key, NotEqual keeps the In rewrite (null authors excluded)', async () => {
    const source = createLibrary();
    const withoutNotIn = new DataSourceDecorator(source, WithoutNotInCollectionDecorator);
    const layer = new DataSourceDecorator(withoutNotIn, RelationCollectionDecorator);
    layer.getCollection('books').addRelation('author', {
      type: 'ManyToOne',
      foreignCollection: 'authors',
      foreignKey: 'authorId',
    });
    const records = await layer
      .getCollection('books')
      .list(
        caller,
        where(new ConditionTreeLeaf('author:firstName', 'NotEqual', 'Alan')),
        new Projection('title'),
      );

    expect(records).toEqual([{ title: 'Notes' }]);
  });

  test('leaves on columns and on emulated paths combine in a branch', async () => {
    const { layer } = setup();
    const tree = new ConditionTreeBranch('And', [
      new ConditionTreeLeaf('author:lastName', 'Equal', 'Turing'),
      new ConditionTreeLeaf('price', 'GreaterThan', 25),
    ]);
    const records = await layer
      .getCollection('books')
      .list(caller, where(tree), new Projection('title'));

    expect(records).toEqual([{ title: 'Morphogenesis' }]);
  });

  test('a leaf on an emulated OneToOne path becomes In on the origin key target', async () => {
    const { layer, spies } = setup();
    const records = await layer
      .getCollection('authors')
      .list(
        caller,
        where(new ConditionTreeLeaf('bio:text', 'Equal', 'Codebreaker')),
        new Projection('lastName'),
      );

    expect(records).toEqual([{ lastName: 'Turing' }]);
    expect(treeOf(spies.authors.mock.calls[0])).toEqual({
      field: 'id',
      operator: 'In',
      value: [2],
    });
  });

  test('a leaf on an emulated relation behind a native one is rewritten and nested', async () => {
    const { layer, spies } = setup();
    const records = await layer
      .getCollection('reviews')
      .list(
        caller,
        where(new ConditionTreeLeaf('book:author:lastName', 'Equal', 'Turing')),
        new Projection('stars'),
      );

    expect(records).toEqual([{ stars: 4 }]);
    expect(treeOf(spies.reviews.mock.calls[0])).toEqual({
      field: 'book:authorId',
      operator: 'In',
      value: [2],
    });
  });

  test('a leaf on a native relation is forwarded untouched', async () => {
    const { layer, spies } = setup();
    const leaf = new ConditionTreeLeaf('book:title', 'Equal', 'Notes');
    const records = await layer
      .getCollection('reviews')
      .list(caller, where(leaf), new Projection('stars'));

    expect(records).toEqual([{ stars: 5 }]);
    expect(treeOf(spies.reviews.mock.calls[0])).toEqual(leaf.toJSON());
    expect(spies.books).not.toHaveBeenCalled();
  });

  test('delete goes through the same rewrite', async () => {
    const { layer, source } = setup();
    await layer
      .getCollection('books')
      .delete(
        caller,
        new Filter({ conditionTree: new ConditionTreeLeaf('author:lastName', 'Equal', 'Turing') }),
      );
    const remaining = await source
      .getCollection('books')
      .list(
        caller,
        new PaginatedFilter({ sort: new Sort({ field: 'id', ascending: true }) }),
        new Projection('id'),
      );

    expect(remaining).toEqual([{ id: 1 }, { id: 4 }, { id: 5 }]);
  });
});

describe('RelationCollectionDecorator sort and aggregate', () => {
  test('sorts on an emulated path in memory, then paginates', async () => {
    const { layer, spies } = setup();
    const filter = new PaginatedFilter({
      sort: new Sort(
        { field: 'author:lastName', ascending: false },
        { field: 'id', ascending: true },
      ),
      page: new Page(1, 3),
    });
    const records = await layer
      .getCollection('books')
      .list(caller, filter, new Projection('title'));

    // Turing (2, 3), Lovelace (1), then the books without author (4, 5): nulls order first.
    expect(records).toEqual([
      { title: 'Morphogenesis' },
      { title: 'Notes' },
      { title: 'Anonymous' },
    ]);
    const childFilter = spies.books.mock.calls[0]?.[1] as PaginatedFilter;
    expect([childFilter.sort, childFilter.page]).toEqual([null, null]);
  });

  test('aggregates grouped by an emulated path in memory', async () => {
    const { layer } = setup();
    const rows = await layer.getCollection('books').aggregate(
      caller,
      new Filter({ conditionTree: new ConditionTreeLeaf('price', 'GreaterThan', 5) }),
      new Aggregation({
        operation: 'Sum',
        field: 'price',
        groups: [{ field: 'author:lastName' }],
      }),
    );

    expect(rows).toEqual([
      { value: 50, group: { 'author:lastName': 'Turing' } },
      { value: 10, group: { 'author:lastName': 'Lovelace' } },
      { value: 7, group: { 'author:lastName': null } },
    ]);
  });

  test('forwards aggregates without emulated paths to the child', async () => {
    const { layer, source } = setup();
    const spy = jest.spyOn(source.getCollection('books'), 'aggregate');
    const rows = await layer
      .getCollection('books')
      .aggregate(caller, new Filter({}), new Aggregation({ operation: 'Count' }));

    expect(rows).toEqual([{ value: 5, group: {} }]);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
