import { parseCsvProjection, parseProjection } from '../../src/query/parse-projection';
import { collection, thrown } from './library';

const books = collection('books');
const paths = (projection: Iterable<string>): string[] => [...projection];

describe('parseProjection', () => {
  it('defaults to every column and every column of each to-one relation', () => {
    expect(paths(parseProjection({}, {}, books))).toEqual([
      'id',
      'title',
      'price',
      'publishedAt',
      'releaseDay',
      'readingTime',
      'isAvailable',
      'status',
      'isbn',
      'metadata',
      'summary',
      'editorId',
      'authorId',
      'author:id',
      'author:firstName',
      'author:lastName',
      'author:addressId',
      'editor:id',
      'editor:firstName',
      'editor:lastName',
      'editor:addressId',
    ]);
  });

  it('reads fields[collection] and fields[relation], adding primary keys', () => {
    const query = { 'fields[books]': 'title,author', 'fields[author]': 'lastName' };
    expect(paths(parseProjection(query, {}, books))).toEqual([
      'id',
      'title',
      'author:lastName',
      'author:id',
    ]);
  });

  it('uses the default when fields[collection] is blank', () => {
    expect(parseProjection({ 'fields[books]': '' }, {}, books).length).toBe(21);
  });

  it('prefers a non-blank Forest-Projection header, nested paths included', () => {
    const query = { 'fields[books]': 'price' };
    const headers = { 'forest-projection': 'title,author:address:city' };
    expect(paths(parseProjection(query, headers, books))).toEqual([
      'id',
      'title',
      'author:address:city',
      'author:id',
      'author:address:id',
    ]);
  });

  it('matches the header name in any casing and ignores a blank one', () => {
    expect(paths(parseProjection({}, { 'Forest-Projection': 'title' }, books))).toEqual([
      'id',
      'title',
    ]);
    const query = { 'fields[books]': 'price' };
    expect(paths(parseProjection(query, { 'forest-projection': ' ' }, books))).toEqual([
      'id',
      'price',
    ]);
  });

  it('refuses an invalid header without falling back to the query', () => {
    const error = thrown(() =>
      parseProjection({ 'fields[books]': 'title' }, { 'forest-projection': 'author' }, books),
    );
    expect(error).toMatchObject({
      code: 'ValidationError',
      name: 'ValidationError',
      message:
        "Invalid Forest-Projection header: Unexpected field type: 'books.author' (found 'ManyToOne' expected 'Column')",
    });
  });

  it('refuses a relation listed without fields[relation]', () => {
    expect(
      thrown(() => parseProjection({ 'fields[books]': 'title,author' }, {}, books)),
    ).toMatchObject({
      code: 'ValidationError',
      message: "Invalid projection: the relation 'author' is listed without fields[author]",
    });
  });

  it('refuses a to-many relation', () => {
    const query = { 'fields[books]': 'reviews', 'fields[reviews]': 'content' };
    expect(thrown(() => parseProjection(query, {}, books)).message).toBe(
      "Invalid projection: Unexpected field type: 'books.reviews' (found 'OneToMany' expected 'ManyToOne' or 'OneToOne')",
    );
  });

  it('refuses an unknown field, naming it', () => {
    expect(thrown(() => parseProjection({ 'fields[books]': 'titel' }, {}, books)).message).toMatch(
      /^Invalid projection: The 'books.titel' field was not found\. Available fields are: \['id', 'title'/,
    );
  });

  it('keys fields by the collection read (the foreign collection of related lists)', () => {
    const persons = collection('persons');
    expect(paths(parseProjection({ 'fields[persons]': 'lastName' }, {}, persons))).toEqual([
      'id',
      'lastName',
    ]);
  });
});

describe('parseCsvProjection', () => {
  it('keeps the order given and adds no primary key', () => {
    const query = { 'fields[books]': 'title,author,price', 'fields[author]': 'lastName,firstName' };
    expect(paths(parseCsvProjection(query, {}, books))).toEqual([
      'title',
      'author:lastName',
      'author:firstName',
      'price',
    ]);
  });

  it('reads the header too', () => {
    expect(
      paths(parseCsvProjection({}, { 'forest-projection': 'author:lastName,title' }, books)),
    ).toEqual(['author:lastName', 'title']);
  });

  it('defaults to every column and to-one column', () => {
    expect(paths(parseCsvProjection({}, {}, books))).toEqual(paths(parseProjection({}, {}, books)));
  });
});
