import { Sort, compareValues } from '../../src/query/sort';
import { makeBooksSchema } from '../helpers/books-schema';

describe('Sort', () => {
  const records = [
    { id: 1, title: 'Beta', author: { name: 'Zed' } },
    { id: 2, title: 'Alpha', author: { name: 'Ann' } },
    { id: 3, title: null, author: null },
    { id: 4, title: 'Alpha', author: { name: 'Bob' } },
  ];

  it('sorts ascending with nulls first', () => {
    const sorted = new Sort({ field: 'title', ascending: true }).apply(records);

    expect(sorted.map(r => r.id)).toEqual([3, 2, 4, 1]);
  });

  it('sorts descending with nulls last', () => {
    const sorted = new Sort({ field: 'title', ascending: false }).apply(records);

    expect(sorted.map(r => r.id)).toEqual([1, 2, 4, 3]);
  });

  it('falls through to the next clause on ties', () => {
    const sorted = new Sort(
      { field: 'title', ascending: true },
      { field: 'id', ascending: false },
    ).apply(records);

    expect(sorted.map(r => r.id)).toEqual([3, 4, 2, 1]);
  });

  it('sorts on relation paths', () => {
    const sorted = new Sort({ field: 'author:name', ascending: true }).apply(records);

    expect(sorted.map(r => r.id)).toEqual([3, 2, 4, 1]);
  });

  it('does not mutate its input', () => {
    const input = [...records];
    new Sort({ field: 'id', ascending: false }).apply(input);

    expect(input.map(r => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('nests, unnests and inverses', () => {
    const sort = new Sort({ field: 'name', ascending: true });

    expect(sort.nest('author').toJSON()).toEqual([{ field: 'author:name', ascending: true }]);
    expect(sort.nest('author').unnest().toJSON()).toEqual([{ field: 'name', ascending: true }]);
    expect(sort.inverse().toJSON()).toEqual([{ field: 'name', ascending: false }]);
    expect(() => sort.unnest()).toThrow('Cannot unnest sort.');
  });

  it('gives back the same sort when every clause comes back unchanged', () => {
    const sort = new Sort({ field: 'name', ascending: true }, { field: 'id', ascending: false });

    expect(sort.replaceClauses(clause => clause)).toBe(sort);
    expect(sort.replaceClauses(clause => [clause])).toBe(sort);
    expect(sort.replaceClauses(clause => ({ ...clause }))).not.toBe(sort);
    expect(sort.replaceClauses(clause => [clause, clause]).toJSON()).toHaveLength(4);
  });

  it('replaces a clause by several', () => {
    const sort = new Sort({ field: 'fullName', ascending: false }).replaceClauses(
      ({ ascending }) => [
        { field: 'lastName', ascending },
        { field: 'firstName', ascending },
      ],
    );

    expect(sort.toJSON()).toEqual([
      { field: 'lastName', ascending: false },
      { field: 'firstName', ascending: false },
    ]);
    expect(sort.projection.toJSON()).toEqual(['lastName', 'firstName']);
  });

  it('defaults to ascending primary keys', () => {
    const { bookTags } = makeBooksSchema();

    expect(Sort.byPrimaryKeys(bookTags).toJSON()).toEqual([
      { field: 'bookId', ascending: true },
      { field: 'tagId', ascending: true },
    ]);
  });
});

describe('compareValues', () => {
  it('orders null first, then numbers, dates and strings', () => {
    expect([3, null, 1].sort(compareValues)).toEqual([null, 1, 3]);
    expect(compareValues(undefined, 0)).toBe(-1);
    expect(compareValues(new Date('2020-01-01'), new Date('2021-01-01'))).toBe(-1);
    expect(compareValues('b', 'a')).toBe(1);
    expect(compareValues('a', 'a')).toBe(0);
  });
});
