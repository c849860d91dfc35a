import { parseSelection, selectionTree } from '../../src/query/parse-selection';
import { collection, thrown } from './library';

const dataSource = collection('books').dataSource;
const books = dataSource.getCollection('books');
const orderLines = dataSource.getCollection('orderLines');

function body(attributes: Record<string, unknown>): unknown {
  return { data: { type: 'action-requests', attributes } };
}

describe('parseSelection', () => {
  it('reads ids', () => {
    expect(
      parseSelection(body({ ids: ['3', '7'], all_records: false }), { timezone: 'UTC' }, books),
    ).toEqual({
      ids: [[3], [7]],
      allRecords: false,
      excludedIds: [],
      query: { timezone: 'UTC' },
    });
  });

  it('reads composite ids', () => {
    expect(parseSelection(body({ ids: ['7|A-1'] }), {}, orderLines).ids).toEqual([[7, 'A-1']]);
  });

  it('falls back to a data array of resource identifiers', () => {
    const identifiers = {
      data: [
        { id: '1', type: 'books' },
        { id: '2', type: 'books' },
      ],
    };
    expect(parseSelection(identifiers, {}, books).ids).toEqual([[1], [2]]);
  });

  it.each([
    [{}, 'Expected array, received: undefined'],
    [body({}), 'Expected array, received: undefined'],
    [undefined, 'Expected array, received: undefined'],
    [body({ ids: '3' }), 'Expected array, received: string'],
    [body({ ids: null }), 'Expected array, received: undefined'],
    [body({ ids: [{}] }), 'Expected string, received: object'],
    [body({ ids: ['x'] }), 'Failed to parse number from x'],
  ])('refuses %j', (raw, message) => {
    expect(thrown(() => parseSelection(raw, {}, books))).toMatchObject({
      code: 'ValidationError',
      message,
    });
  });

  it('ignores ids with all_records and reads the exclusions', () => {
    const raw = body({ ids: ['1'], all_records: true, all_records_ids_excluded: ['9'] });
    expect(parseSelection(raw, {}, books)).toMatchObject({
      ids: [],
      allRecords: true,
      excludedIds: [[9]],
    });
  });

  it('accepts all_records without exclusions list', () => {
    expect(parseSelection(body({ all_records: true }), {}, books).excludedIds).toEqual([]);
  });

  it('merges the subset query over the query string, even when all_records is false', () => {
    const raw = body({
      ids: [],
      all_records: false,
      all_records_subset_query: { search: 'dune', 'page[size]': 20, segment: null },
    });
    const query = { timezone: 'UTC', search: 'x', segment: 'published' };
    expect(parseSelection(raw, query, books).query).toEqual({
      timezone: 'UTC',
      search: 'dune',
      'page[size]': 20,
      segment: null,
    });
  });

  describe('filters precedence', () => {
    const subset = '{"field":"title","operator":"present"}';
    const bodyFilters = { field: 'price', operator: 'present' };
    const bodyFilter = { field: 'status', operator: 'present' };
    const queryFilters = '{"field":"id","operator":"present"}';

    it.each([
      [{ filters: subset }, bodyFilters, bodyFilter, subset],
      [{ filters: null }, bodyFilters, bodyFilter, bodyFilters],
      [{}, undefined, bodyFilter, bodyFilter],
      [{}, undefined, undefined, queryFilters],
    ])(
      'subset %j, body filters %j, body filter %j → %j',
      (subsetQuery, filters, filter, expected) => {
        const raw = {
          data: { attributes: { ids: [], all_records_subset_query: subsetQuery } },
          filters,
          filter,
        };
        expect(parseSelection(raw, { filters: queryFilters }, books).query.filters).toEqual(
          expected,
        );
      },
    );

    it('leaves no filters key when there is none', () => {
      expect(parseSelection(body({ ids: [] }), { filters: null }, books).query).toEqual({});
    });
  });

  it('reads the parent of a related-data view', () => {
    const raw = body({
      ids: ['1'],
      parent_collection_name: 'persons',
      parent_collection_id: 3,
      parent_association_name: 'books',
    });
    expect(parseSelection(raw, {}, books).parent).toEqual({
      collectionName: 'persons',
      id: '3',
      association: 'books',
    });
  });

  it('has no parent when one of its attributes is missing', () => {
    const raw = body({ ids: ['1'], parent_collection_name: 'persons', parent_collection_id: '3' });
    expect(parseSelection(raw, {}, books)).not.toHaveProperty('parent');
  });
});

describe('selectionTree', () => {
  const selection = { ids: [], allRecords: false, excludedIds: [], query: {} };

  it('matches one id with Equal and several with In', () => {
    expect(selectionTree(books, { ...selection, ids: [[3]] }).toJSON()).toEqual({
      field: 'id',
      operator: 'Equal',
      value: 3,
    });
    expect(selectionTree(books, { ...selection, ids: [[3], [7]] }).toJSON()).toEqual({
      field: 'id',
      operator: 'In',
      value: [3, 7],
    });
  });

  it('matches nothing without ids', () => {
    expect(selectionTree(books, selection).toJSON()).toEqual({ aggregator: 'Or', conditions: [] });
  });

  it('matches composite ids with an Or of Ands', () => {
    const ids = [
      [7, 'A-1'],
      [7, 'B-2'],
      [8, 'A-1'],
    ];
    expect(selectionTree(orderLines, { ...selection, ids }).toJSON()).toEqual({
      aggregator: 'Or',
      conditions: [
        {
          aggregator: 'And',
          conditions: [
            { field: 'orderId', operator: 'Equal', value: 7 },
            { field: 'sku', operator: 'In', value: ['A-1', 'B-2'] },
          ],
        },
        {
          aggregator: 'And',
          conditions: [
            { field: 'orderId', operator: 'Equal', value: 8 },
            { field: 'sku', operator: 'Equal', value: 'A-1' },
          ],
        },
      ],
    });
  });

  it('matches all records minus the exclusions', () => {
    const all = { ...selection, allRecords: true, ids: [[1]] };
    expect(selectionTree(books, all).toJSON()).toEqual({ aggregator: 'And', conditions: [] });
    expect(selectionTree(books, { ...all, excludedIds: [[9], [12]] }).toJSON()).toEqual({
      field: 'id',
      operator: 'NotIn',
      value: [9, 12],
    });
    expect(selectionTree(orderLines, { ...all, excludedIds: [[7, 'A-1']] }).toJSON()).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'orderId', operator: 'NotEqual', value: 7 },
        { field: 'sku', operator: 'NotEqual', value: 'A-1' },
      ],
    });
  });
});
