import { Page } from '@grove/datasource-toolkit';
import { parsePage } from '../../src/query/parse-page';
import { thrown } from './library';

describe('parsePage', () => {
  it('defaults to the first page of 15', () => {
    expect(parsePage({})).toEqual(new Page(0, 15));
  });

  it('reads the literal bracketed keys', () => {
    expect(parsePage({ 'page[size]': '20', 'page[number]': '3' })).toEqual(new Page(40, 20));
  });

  it('reads integers the way parseInt does', () => {
    expect(parsePage({ 'page[size]': '1.5', 'page[number]': '2abc' })).toEqual(new Page(1, 1));
  });

  it('reads numbers of a merged subset query', () => {
    expect(parsePage({ 'page[size]': 50, 'page[number]': 2 })).toEqual(new Page(50, 50));
  });

  it('has no upper bound unless given one', () => {
    expect(parsePage({ 'page[size]': '100000' })).toEqual(new Page(0, 100000));
    expect(parsePage({ 'page[size]': '100' }, { maxPageSize: 100 })).toEqual(new Page(0, 100));
    expect(thrown(() => parsePage({ 'page[size]': '101' }, { maxPageSize: 100 }))).toMatchObject({
      code: 'ValidationError',
      message: 'Invalid pagination: page[size] is 101, a page holds at most 100 records',
    });
  });

  it('refuses sizes and offsets past the safe integers', () => {
    expect(thrown(() => parsePage({ 'page[size]': '99999999999999999999999' }))).toMatchObject({
      message: 'Invalid pagination [limit: 99999999999999999999999, skip: 1]',
    });
    expect(
      thrown(() => parsePage({ 'page[size]': '1000', 'page[number]': '9007199254740991' })),
    ).toMatchObject({ message: 'Invalid pagination [limit: 1000, skip: 9007199254740991]' });
  });

  it.each([
    [{ 'page[size]': '0' }, 'Invalid pagination [limit: 0, skip: 1]'],
    [{ 'page[size]': '-5' }, 'Invalid pagination [limit: -5, skip: 1]'],
    [{ 'page[size]': 'abc' }, 'Invalid pagination [limit: abc, skip: 1]'],
    [{ 'page[number]': '0' }, 'Invalid pagination [limit: 15, skip: 0]'],
    [{ 'page[size]': '10', 'page[number]': 'x' }, 'Invalid pagination [limit: 10, skip: x]'],
  ])('refuses %j', (query, message) => {
    expect(thrown(() => parsePage(query))).toMatchObject({ code: 'ValidationError', message });
  });
});
