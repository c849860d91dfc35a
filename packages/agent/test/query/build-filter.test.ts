import { ConditionTreeLeaf, Page, PaginatedFilter, Projection } from '@grove/datasource-toolkit';
import { buildFilter, buildPaginatedFilter } from '../../src/query/build-filter';
import { caller, collection, thrown } from './library';

describe('buildFilter', () => {
  const books = collection('books');
  const filters = '{"field":"price","operator":"greater_than","value":"8"}';
  const scope = new ConditionTreeLeaf('authorId', 'Equal', 3);
  const extraTree = new ConditionTreeLeaf('id', 'In', [12, 9]);

  it('combines filters, scope and extra tree with search and segment', () => {
    const query = { filters, search: 'dune', searchExtended: '1', segment: 'published' };
    const filter = buildFilter(books, query, { scope, extraTree });
    expect(filter).not.toBeInstanceOf(PaginatedFilter);
    expect(filter.conditionTree?.toJSON()).toEqual({
      aggregator: 'And',
      conditions: [
        { field: 'price', operator: 'GreaterThan', value: 8 },
        { field: 'authorId', operator: 'Equal', value: 3 },
        { field: 'id', operator: 'In', value: [12, 9] },
      ],
    });
    expect(filter).toMatchObject({
      search: 'dune',
      searchExtended: true,
      segment: 'published',
      liveQuerySegment: null,
    });
  });

  it('is an empty filter for an empty query', () => {
    expect(buildFilter(books, {}).components).toEqual({
      conditionTree: null,
      search: null,
      searchExtended: false,
      segment: null,
      liveQuerySegment: null,
    });
  });

  it('accepts a null scope', () => {
    expect(buildFilter(books, {}, { scope: null, extraTree }).conditionTree).toBe(extraTree);
  });

  it('reads the live-query segment only when asked', () => {
    const query = { segmentQuery: 'SELECT id FROM books', connectionName: 'main' };
    expect(buildFilter(books, query).liveQuerySegment).toBeNull();
    expect(buildFilter(books, query, { withLiveQuery: true }).liveQuerySegment).toEqual({
      query: 'SELECT id FROM books',
      connectionName: 'main',
    });
  });

  it('reports the first invalid parameter', () => {
    expect(thrown(() => buildFilter(books, { segment: 'nope' })).message).toBe(
      'Invalid segment: "nope"',
    );
  });

  it('selects the expected records of an in-memory collection', async () => {
    const filter = buildPaginatedFilter(books, { filters, sort: '-price' }, { scope });
    const records = await books.list(caller, filter, new Projection('id'));
    expect(records).toEqual([{ id: 14 }, { id: 12 }]);
  });
});

describe('buildPaginatedFilter', () => {
  const books = collection('books');

  it('adds the page and the sort', () => {
    const filter = buildPaginatedFilter(books, {
      'page[size]': '10',
      'page[number]': '2',
      sort: '-title',
    });
    expect(filter).toBeInstanceOf(PaginatedFilter);
    expect(filter.page).toEqual(new Page(10, 10));
    expect(filter.sort?.toJSON()).toEqual([{ field: 'title', ascending: false }]);
  });

  it('has an empty sort and the default page without parameters', () => {
    const filter = buildPaginatedFilter(books, {});
    expect(filter.page).toEqual(new Page(0, 15));
    expect(filter.sort?.length).toBe(0);
  });
});
