import { Projection } from '@grove/datasource-toolkit';
import { serializeRecord } from '../../src/serializer/serialize-record';
import { collection } from '../query/library';

describe('serializeRecord', () => {
  const books = collection('books');

  it('serializes one record as an object with its included records', () => {
    const projection = new Projection('id', 'title', 'author:id', 'author:lastName');
    const record = { id: 12, title: 'Dune', author: { id: 3, lastName: 'Herbert' } };
    expect(serializeRecord(books, record, projection)).toEqual({
      jsonapi: { version: '1.0' },
      data: {
        type: 'books',
        id: '12',
        attributes: { id: 12, title: 'Dune' },
        relationships: {
          author: { data: { type: 'persons', id: '3' } },
          reviews: { links: { related: { href: '/forest/books/12/relationships/reviews' } } },
        },
      },
      included: [
        {
          type: 'persons',
          id: '3',
          attributes: { id: 3, lastName: 'Herbert' },
          relationships: {
            books: { links: { related: { href: '/forest/persons/3/relationships/books' } } },
          },
        },
      ],
    });
  });

  it('serializes no record as null data', () => {
    expect(serializeRecord(books, null, new Projection('id'))).toEqual({
      jsonapi: { version: '1.0' },
      data: null,
    });
  });
});
