import { Projection, allFieldsProjection, columnsProjection } from '../../src/query/projection';
import { makeBooksSchema } from '../helpers/books-schema';

describe('Projection', () => {
  it('drops duplicates and keeps first-seen order', () => {
    expect(new Projection('b', 'a', 'b').toJSON()).toEqual(['b', 'a']);
  });

  it('splits columns and relations', () => {
    const projection = new Projection('id', 'author:name', 'author:address:city');

    expect(projection.columns).toEqual(['id']);
    expect(Object.keys(projection.relations)).toEqual(['author']);
    expect(projection.relations.author?.toJSON()).toEqual(['name', 'address:city']);
  });

  it('compares without order', () => {
    expect(new Projection('a', 'b').equals(new Projection('b', 'a'))).toBe(true);
    expect(new Projection('a', 'b').equals(new Projection('a'))).toBe(false);
    expect(new Projection('a').equals(new Projection('a', 'c'))).toBe(false);
  });

  it('unions projections and arrays', () => {
    expect(new Projection('a').union(new Projection('b', 'a'), ['c'], null).toJSON()).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('replaces a path by several paths', () => {
    const projection = new Projection('fullName', 'id').replace(path =>
      path === 'fullName' ? ['firstName', 'lastName'] : path,
    );

    expect(projection.toJSON()).toEqual(['firstName', 'lastName', 'id']);
  });

  it('nests and unnests', () => {
    const nested = new Projection('name', 'id').nest('author');

    expect(nested.toJSON()).toEqual(['author:name', 'author:id']);
    expect(nested.unnest().toJSON()).toEqual(['name', 'id']);
    expect(new Projection('a').nest(null).toJSON()).toEqual(['a']);
  });

  it('refuses to unnest paths without a shared relation', () => {
    expect(() => new Projection('author:name', 'id').unnest()).toThrow('Cannot unnest projection.');
    expect(() => new Projection().unnest()).toThrow('Cannot unnest projection.');
  });

  it('adds primary keys of the collection and of relations', () => {
    const { books } = makeBooksSchema();

    expect(new Projection('title', 'author:name').withPks(books).toJSON()).toEqual([
      'id',
      'title',
      'author:name',
      'author:id',
    ]);
  });

  it('re-projects records, with null relations', () => {
    const projection = new Projection('id', 'author:name');
    const records = [
      { id: 1, title: 'Dune', author: { id: 1, name: 'Frank' } },
      { id: 2, title: 'Anonymous', author: null },
      { id: 3 },
    ];

    expect(projection.apply(records)).toEqual([
      { id: 1, author: { name: 'Frank' } },
      { id: 2, author: null },
      { id: 3, author: null },
    ]);
  });

  it('lists every column and first-level to-one columns', () => {
    const { books } = makeBooksSchema();

    expect(allFieldsProjection(books).toJSON()).toEqual([
      'id',
      'title',
      'authorId',
      'author:id',
      'author:name',
    ]);
    expect(columnsProjection(books).toJSON()).toEqual(['id', 'title', 'authorId']);
  });

  it('is iterable and has a length', () => {
    const projection = new Projection('a', 'b');

    expect([...projection]).toEqual(['a', 'b']);
    expect(projection.length).toBe(2);
    expect(projection.includes('b')).toBe(true);
    expect(Projection.from(new Set(['x'])).toJSON()).toEqual(['x']);
  });
});
