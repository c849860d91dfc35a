import { ConditionTreeLeaf } from '../../src/query/condition-tree/nodes/condition-tree-leaf';
import { Filter } from '../../src/query/filter';
import { Page } from '../../src/query/page';
import { PaginatedFilter } from '../../src/query/paginated-filter';
import { Sort } from '../../src/query/sort';

describe('Filter', () => {
  const tree = new ConditionTreeLeaf('name', 'Equal', 'Ada');

  it('has empty defaults', () => {
    const filter = new Filter();

    expect(filter.components).toEqual({
      conditionTree: null,
      search: null,
      searchExtended: false,
      segment: null,
      liveQuerySegment: null,
    });
    expect(filter.isNestable).toBe(true);
  });

  it('is not nestable with a search or a segment', () => {
    expect(new Filter({ search: 'x' }).isNestable).toBe(false);
    expect(new Filter({ segment: 'VIP' }).isNestable).toBe(false);
    expect(() => new Filter({ search: 'x' }).nest('author')).toThrow("Filter can't be nested");
  });

  it('nests its condition tree', () => {
    const nested = new Filter({ conditionTree: tree }).nest('author');

    expect(nested.conditionTree?.toJSON()).toEqual({
      field: 'author:name',
      operator: 'Equal',
      value: 'Ada',
    });
  });

  it('overrides parts and keeps the others', () => {
    const filter = new Filter({ conditionTree: tree, search: 'a' }).override({ search: 'b' });

    expect(filter.search).toBe('b');
    expect(filter.conditionTree).toBe(tree);
  });
});

describe('PaginatedFilter', () => {
  const filter = new PaginatedFilter({
    conditionTree: new ConditionTreeLeaf('name', 'Equal', 'Ada'),
    sort: new Sort({ field: 'name', ascending: true }),
    page: new Page(10, 5),
  });

  it('nests its tree and its sort', () => {
    const nested = filter.nest('author');

    expect(nested.sort?.toJSON()).toEqual([{ field: 'author:name', ascending: true }]);
    expect(nested.conditionTree?.toJSON()).toMatchObject({ field: 'author:name' });
    expect(nested.page).toBe(filter.page);
  });

  it('overrides into a paginated filter', () => {
    const copy = filter.override({ page: new Page(0, 1) });

    expect(copy).toBeInstanceOf(PaginatedFilter);
    expect(copy.page?.limit).toBe(1);
    expect(copy.sort).toBe(filter.sort);
  });

  it('drops sort and page in toFilter', () => {
    const plain = filter.toFilter();

    expect(plain).not.toBeInstanceOf(PaginatedFilter);
    expect(plain.conditionTree).toBe(filter.conditionTree);
  });
});

describe('Page', () => {
  const records = [1, 2, 3, 4, 5].map(id => ({ id }));

  it('slices skip..skip+limit', () => {
    expect(new Page(1, 2).apply(records).map(r => r.id)).toEqual([2, 3]);
  });

  it('has no limit when null or 0', () => {
    expect(new Page(3).apply(records).map(r => r.id)).toEqual([4, 5]);
    expect(new Page(0, 0).apply(records)).toHaveLength(5);
  });
});
