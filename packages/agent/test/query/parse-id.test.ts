import { parseId } from '../../src/query/parse-id';
import { collection, reviewId, thrown } from './library';

describe('parseId', () => {
  const dataSource = collection('books').dataSource;
  const books = dataSource.getCollection('books');
  const orderLines = dataSource.getCollection('orderLines');
  const reviews = dataSource.getCollection('reviews');

  it('converts parts of Number keys to numbers', () => {
    expect(parseId(books, '42')).toEqual([42]);
  });

  it('splits composite ids in schema order', () => {
    expect(parseId(orderLines, '7|A-1')).toEqual([7, 'A-1']);
  });

  it('keeps UUIDs as strings', () => {
    expect(parseId(reviews, reviewId)).toEqual([reviewId]);
  });

  it.each([
    [orderLines, '7', 'Expected 2 values, found 1'],
    [orderLines, '7|A|B', 'Expected 2 values, found 3'],
    [books, '1|2', 'Expected 1 values, found 2'],
  ])('refuses a wrong number of parts (%#)', (target, packed, message) => {
    expect(thrown(() => parseId(target, packed))).toMatchObject({
      code: 'ValidationError',
      message,
    });
  });

  it.each(['abc', ''])('refuses %j for a Number key', packed => {
    expect(thrown(() => parseId(books, packed))).toMatchObject({
      code: 'ValidationError',
      message: `Failed to parse number from ${packed}`,
    });
  });

  it('refuses a non-UUID for a Uuid key', () => {
    expect(thrown(() => parseId(reviews, 'abc'))).toMatchObject({
      code: 'ValidationError',
      message: 'The given value has a wrong type for "id": abc.\n Expects "Uuid",null',
    });
  });

  it('refuses ids of a collection without primary key', () => {
    expect(thrown(() => parseId(dataSource.getCollection('logs'), '1'))).toMatchObject({
      code: 'UnprocessableError',
      name: 'NoPrimaryKeyError',
      message: 'This collection has no primary key',
    });
  });
});
