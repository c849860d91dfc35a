import { Sort } from '@grove/datasource-toolkit';
import { parseSort } from '../../src/query/parse-sort';
import { collection, thrown } from './library';

describe('parseSort', () => {
  const books = collection('books');

  it('is an empty sort when absent or blank', () => {
    expect(parseSort({}, books)).toEqual(new Sort());
    expect(parseSort({ sort: ' ' }, books)).toEqual(new Sort());
  });

  it('reads fields in order, a leading dash being descending', () => {
    expect(parseSort({ sort: '-publishedAt,title' }, books).toJSON()).toEqual([
      { field: 'publishedAt', ascending: false },
      { field: 'title', ascending: true },
    ]);
  });

  it('turns the first dot of a relation path into a colon', () => {
    expect(parseSort({ sort: '-author.lastName' }, books).toJSON()).toEqual([
      { field: 'author:lastName', ascending: false },
    ]);
  });

  it('accepts nested paths written with colons', () => {
    expect(parseSort({ sort: 'author:address:city' }, books).toJSON()).toEqual([
      { field: 'author:address:city', ascending: true },
    ]);
  });

  it.each([
    ['-foo', 'unknown field'],
    ['author.address.city', 'only the first dot is converted'],
    ['summary', 'a column with isSortable: false'],
    ['author', 'a relation'],
    ['reviews:content', 'a to-many path'],
    ['title,', 'an empty item'],
    ['-', 'a dash alone'],
  ])('refuses %s (%s) naming the raw value', (sort, _reason) => {
    expect(thrown(() => parseSort({ sort }, books))).toMatchObject({
      code: 'ValidationError',
      message: `Invalid sort: ${sort}`,
    });
  });
});
