import { ConditionTreeLeaf } from '../../src/query/condition-tree/nodes/condition-tree-leaf';
import { Filter } from '../../src/query/filter';
import { Page } from '../../src/query/page';
import { PaginatedFilter } from '../../src/query/paginated-filter';
import { Sort } from '../../src/query/sort';
import { hiddenClassChanges } from '../../src/testing/hidden-class-changes';

describe('the filters of every request keep one hidden class (docs/style.md#hot-paths)', () => {
  const filter = new PaginatedFilter({
    conditionTree: new ConditionTreeLeaf('status', 'Equal', 'paid'),
    search: 'ada',
    sort: new Sort({ field: 'id', ascending: true }),
    page: new Page(0, 15),
  });

  it("a paginated filter's components", () => {
    expect(hiddenClassChanges(() => filter.components)).toBe(0);
  });

  it("a filter's components", () => {
    expect(hiddenClassChanges(() => new Filter({ search: 'ada' }).components)).toBe(0);
  });

  it('the components of overridden filters, which carry the parts over', () => {
    let page = 0;
    const overridden = () => filter.override({ page: new Page((page += 15), 15) });

    expect(hiddenClassChanges(() => overridden().components)).toBe(0);
    expect(overridden().components).toEqual({
      ...filter.components,
      page: new Page(page, 15),
    });
  });
});
