import { parseLiveQuerySegment, parseSegment } from '../../src/query/parse-segment';
import { collection, thrown } from './library';

describe('parseSegment', () => {
  const books = collection('books');

  it('returns a segment the collection lists', () => {
    expect(parseSegment({ segment: 'published' }, books)).toBe('published');
  });

  it('is undefined when absent or empty', () => {
    expect(parseSegment({}, books)).toBeUndefined();
    expect(parseSegment({ segment: '' }, books)).toBeUndefined();
    expect(parseSegment({ segment: null }, books)).toBeUndefined();
  });

  it('refuses an unknown segment (docs/decisions.md#d3-unknown-segments-and-empty-counts)', () => {
    expect(thrown(() => parseSegment({ segment: 'Published ' }, books))).toMatchObject({
      code: 'ValidationError',
      message: 'Invalid segment: "Published "',
    });
  });
});

describe('parseLiveQuerySegment', () => {
  it('returns the query and its connection, placeholders untouched', () => {
    const segmentQuery = 'SELECT id FROM books WHERE owner = {{currentUser.id}}';
    expect(parseLiveQuerySegment({ segmentQuery, connectionName: 'main' })).toEqual({
      query: segmentQuery,
      connectionName: 'main',
    });
  });

  it('is undefined without segmentQuery', () => {
    expect(parseLiveQuerySegment({ connectionName: 'main' })).toBeUndefined();
    expect(parseLiveQuerySegment({ segmentQuery: ' ', connectionName: 'main' })).toBeUndefined();
  });

  it.each([[{}], [{ connectionName: '' }]])('refuses a query without connection (%j)', extra => {
    expect(
      thrown(() => parseLiveQuerySegment({ segmentQuery: 'SELECT 1', ...extra })),
    ).toMatchObject({
      code: 'UnprocessableError',
      name: 'UnprocessableError',
      message: 'Missing native query connection attribute',
    });
  });
});
