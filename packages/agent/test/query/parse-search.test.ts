import { parseSearch } from '../../src/query/parse-search';
import { collection, thrown, withSchema } from './library';

describe('parseSearch', () => {
  const books = collection('books');
  const unsearchable = withSchema(books, { searchable: false });

  it('returns the search as typed', () => {
    expect(parseSearch({ search: ' Dune ' }, books)).toEqual({
      search: ' Dune ',
      searchExtended: false,
    });
  });

  it('ignores a blank search, even on a collection that is not searchable', () => {
    expect(parseSearch({ search: '  ' }, unsearchable)).toEqual({ searchExtended: false });
    expect(parseSearch({}, unsearchable)).toEqual({ searchExtended: false });
  });

  it('refuses a search on a collection that is not searchable', () => {
    expect(thrown(() => parseSearch({ search: 'dune' }, unsearchable))).toMatchObject({
      code: 'ValidationError',
      message: 'Collection is not searchable',
    });
  });

  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['FALSE', false],
    [false, false],
    ['1', true],
    ['true', true],
    ['yes', true],
    [true, true],
  ])('reads searchExtended=%j as %j', (searchExtended, expected) => {
    expect(parseSearch({ search: 'dune', searchExtended }, books)).toEqual({
      search: 'dune',
      searchExtended: expected,
    });
  });
});
