import type { Caller } from '../../src/interfaces/caller';
import type { RecordData } from '../../src/interfaces/record';
import { ConditionTreeLeaf } from '../../src/query/condition-tree/nodes/condition-tree-leaf';
import { aggregateInMemory } from '../../src/query/aggregate-in-memory';
import { Aggregation } from '../../src/query/aggregation';
import { Filter } from '../../src/query/filter';
import type { PaginatedFilter } from '../../src/query/paginated-filter';
import type { Projection } from '../../src/query/projection';

const caller = { timezone: 'Europe/Paris' } as Caller;

describe('aggregateInMemory', () => {
  const records: RecordData[] = [
    { status: 'paid', amount: 10, createdAt: '2024-01-31T23:30:00Z' },
    { status: 'paid', amount: 5, createdAt: '2024-01-10T10:00:00Z' },
    { status: 'draft', amount: 7, createdAt: '2024-02-02T10:00:00Z' },
  ];
  const calls: { filter: PaginatedFilter; projection: Projection }[] = [];
  const collection = {
    list: async (_caller: Caller, filter: PaginatedFilter, projection: Projection) => {
      calls.push({ filter, projection });

      return records;
    },
  };
  beforeEach(() => calls.splice(0));

  it('lists the filtered records with the fields the aggregation reads', async () => {
    const tree = new ConditionTreeLeaf('amount', 'GreaterThan', 1);
    const aggregation = new Aggregation({
      operation: 'Sum',
      field: 'amount',
      groups: [{ field: 'status' }],
    });

    await aggregateInMemory(collection, caller, {
      filter: new Filter({ conditionTree: tree }),
      aggregation,
    });

    expect(calls).toHaveLength(1);
    expect(calls[0]?.filter.conditionTree).toEqual(tree);
    expect(calls[0]?.filter.page).toBeNull();
    expect([...(calls[0]?.projection ?? [])].sort()).toEqual(['amount', 'status']);
  });

  it("computes the aggregation in the caller's timezone, then cuts at the limit", async () => {
    const aggregation = new Aggregation({
      operation: 'Sum',
      field: 'amount',
      groups: [{ field: 'createdAt', operation: 'Month' }],
    });

    const rows = await aggregateInMemory(collection, caller, {
      filter: new Filter({}),
      aggregation,
      limit: 1,
    });

    // 2024-01-31T23:30Z is February in Paris: February sums 10 + 7.
    expect(rows).toEqual([{ value: 17, group: { createdAt: '2024-02-01' } }]);
  });
});
