import { readQueryList } from '../../src/query/read-query-list';

describe('readQueryList', () => {
  it('joins a repeated key with commas', () => {
    expect(readQueryList({ 'fields[books]': ['title', 'price'] }, 'fields[books]')).toBe(
      'title,price',
    );
  });

  it('reads a single value as it is', () => {
    expect(readQueryList({ 'fields[books]': 'title,price' }, 'fields[books]')).toBe('title,price');
  });

  it('answers undefined for an absent key', () => {
    expect(readQueryList({}, 'fields[books]')).toBeUndefined();
  });
});
