import { Aggregation, ConditionTreeLeaf, Filter, type RecordData } from '@grove/datasource-toolkit';
import { caller, createLibrary } from '../relation/library-fixture';
import { createComputedLayer } from './computed-fixture';

function setup() {
  const source = createLibrary();
  const layer = createComputedLayer(source);
  const books = layer.getCollection('books');
  books.registerComputed('discounted', {
    columnType: 'Number',
    dependencies: ['price'],
    getValues: records => records.map(r => Number(r.price) / 2),
  });
  books.registerComputed('tier', {
    columnType: 'Enum',
    enumValues: ['cheap', 'dear'],
    dependencies: ['price'],
    getValues: records => records.map(r => (Number(r.price) >= 20 ? 'dear' : 'cheap')),
  });
  books.registerComputed('published', {
    columnType: 'Date',
    dependencies: ['publishedAt'],
    getValues: (records: RecordData[]) => records.map(r => r.publishedAt),
  });

  return { books, aggregateSpy: jest.spyOn(source.getCollection('books'), 'aggregate') };
}

describe('ComputedCollectionDecorator.aggregate', () => {
  test('aggregates a computed field in memory over the filtered records', async () => {
    const { books, aggregateSpy } = setup();
    const rows = await books.aggregate(
      caller,
      new Filter({ conditionTree: new ConditionTreeLeaf('price', 'GreaterThan', 7) }),
      new Aggregation({ operation: 'Sum', field: 'discounted' }),
    );

    expect(rows).toEqual([{ value: 30, group: {} }]);
    expect(aggregateSpy).not.toHaveBeenCalled();
  });

  test('groups by a computed field, with the limit', async () => {
    const { books } = setup();
    const rows = await books.aggregate(
      caller,
      new Filter({}),
      new Aggregation({ operation: 'Count', groups: [{ field: 'tier' }] }),
      1,
    );

    expect(rows).toEqual([{ value: 3, group: { tier: 'cheap' } }]);
  });

  test('truncates computed dates in the caller timezone', async () => {
    const { books } = setup();
    const rows = await books.aggregate(
      { ...caller, timezone: 'America/New_York' },
      new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 2) }),
      new Aggregation({ operation: 'Count', groups: [{ field: 'published', operation: 'Month' }] }),
    );

    // 1950-10-01T00:00:00Z is still September in New York.
    expect(rows).toEqual([{ value: 1, group: { published: '1950-09-01' } }]);
  });

  test('forwards aggregates without computed fields to the child', async () => {
    const { books, aggregateSpy } = setup();
    const rows = await books.aggregate(
      caller,
      new Filter({}),
      new Aggregation({ operation: 'Sum', field: 'price' }),
    );

    expect(rows).toEqual([{ value: 72, group: {} }]);
    expect(aggregateSpy).toHaveBeenCalledTimes(1);
  });
});
