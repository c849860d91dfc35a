import { deserializeRecord } from '../../src/serializer/deserialize-record';
import { collection, thrown } from '../query/library';

describe('deserializeRecord', () => {
  const dataSource = collection('books').dataSource;
  const books = dataSource.getCollection('books');
  const orderLines = dataSource.getCollection('orderLines');

  it('copies attributes as they are and reads to-one relationships', () => {
    const body = {
      data: {
        type: 'books',
        attributes: { title: 'Dune', price: '9.5', metadata: { a: 1 } },
        relationships: {
          author: { data: { type: 'persons', id: '3' } },
          editor: { data: null },
          reviews: { data: [{ type: 'reviews', id: '1' }] },
        },
      },
    };
    expect(deserializeRecord(books, body)).toEqual({
      record: { title: 'Dune', price: '9.5', metadata: { a: 1 } },
      toOne: { author: '3', editor: null },
    });
  });

  it('fills missing primary keys from data.id, attributes winning', () => {
    expect(
      deserializeRecord(books, { data: { id: '12', attributes: { title: 'Dune' } } }).record,
    ).toEqual({
      title: 'Dune',
      id: 12,
    });
    expect(deserializeRecord(books, { data: { id: '12', attributes: { id: 13 } } }).record).toEqual(
      {
        id: 13,
      },
    );
    expect(
      deserializeRecord(orderLines, { data: { id: '7|A-1', attributes: { sku: 'B-2' } } }).record,
    ).toEqual({
      sku: 'B-2',
      orderId: 7,
    });
  });

  it('stringifies numeric relationship ids', () => {
    const body = { data: { attributes: {}, relationships: { author: { data: { id: 3 } } } } };
    expect(deserializeRecord(books, body).toOne).toEqual({ author: '3' });
  });

  it('skips relationships without data', () => {
    const body = { data: { relationships: { author: { links: {} } } } };
    expect(deserializeRecord(books, body).toOne).toEqual({});
  });

  it.each([[undefined], [null], ['text'], [{}], [{ data: [] }], [{ data: { attributes: [] } }]])(
    'reads %j as an empty record (the route refuses it)',
    body => {
      expect(deserializeRecord(books, body)).toEqual({ record: {}, toOne: {} });
    },
  );

  it('refuses an unknown attribute with the toolkit error', () => {
    expect(
      thrown(() => deserializeRecord(books, { data: { attributes: { titel: 'x' } } })),
    ).toMatchObject({
      code: 'ValidationError',
      name: 'MissingFieldError',
      message: expect.stringMatching(
        /^The 'books\.titel' field was not found\. Available fields are: \['id', 'title', .*\]\. Please check if the field name is correct\.$/,
      ),
    });
  });

  it('refuses a relation name in attributes (a nested write), naming the field', () => {
    const body = { data: { attributes: { title: 'x', author: { firstName: 'Eve' } } } };
    expect(thrown(() => deserializeRecord(books, body))).toMatchObject({
      code: 'ValidationError',
      message:
        'Unknown field "author" in attributes: relations are written through "relationships"',
    });
  });

  it('refuses an unknown relationship', () => {
    const body = { data: { relationships: { writer: { data: null } } } };
    expect(thrown(() => deserializeRecord(books, body))).toMatchObject({
      name: 'MissingRelationError',
      message:
        "The 'books.writer' relation was not found. Available relations are: ['author', 'reviews', 'editor']. Please check if the relation name is correct.",
    });
  });

  it('refuses a malformed to-one relationship', () => {
    const body = { data: { relationships: { author: { data: { type: 'persons' } } } } };
    expect(thrown(() => deserializeRecord(books, body))).toMatchObject({
      code: 'ValidationError',
      message: `Invalid relationship 'author': expected {"data": {"type", "id"}} or {"data": null}`,
    });
  });

  it('refuses a data.id with a wrong number of parts', () => {
    expect(
      thrown(() => deserializeRecord(orderLines, { data: { id: '7', attributes: {} } })).message,
    ).toBe('Expected 2 values, found 1');
  });
});
