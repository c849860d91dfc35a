import { PaginatedFilter, Projection, createInMemoryDataSource } from '@grove/datasource-toolkit';
import { parseProjection } from '../../src/query/parse-projection';
import { serializeRecords } from '../../src/serializer/serialize-records';
import { caller, collection, thrown } from '../query/library';

describe('serializeRecords', () => {
  it('reproduces the JSON:API example of docs/agent-protocol.md#jsonapi-documents', async () => {
    const dataSource = createInMemoryDataSource({
      collections: {
        books: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            title: { type: 'Column', columnType: 'String' },
            publishedAt: { type: 'Column', columnType: 'Date' },
            authorId: { type: 'Column', columnType: 'Number' },
            author: {
              type: 'ManyToOne',
              foreignCollection: 'persons',
              foreignKey: 'authorId',
              foreignKeyTarget: 'id',
            },
            reviews: {
              type: 'OneToMany',
              foreignCollection: 'reviews',
              originKey: 'bookId',
              originKeyTarget: 'id',
            },
          },
          records: [
            { id: 12, title: 'Dune', publishedAt: '1965-08-01T00:00:00.000Z', authorId: 3 },
          ],
        },
        persons: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            lastName: { type: 'Column', columnType: 'String' },
            books: {
              type: 'OneToMany',
              foreignCollection: 'books',
              originKey: 'authorId',
              originKeyTarget: 'id',
            },
          },
          records: [{ id: 3, lastName: 'Herbert' }],
        },
        reviews: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            bookId: { type: 'Column', columnType: 'Number' },
          },
        },
      },
    });
    const books = dataSource.getCollection('books');
    const query = { 'fields[books]': 'id,title,publishedAt,author', 'fields[author]': 'lastName' };
    const projection = parseProjection(query, {}, books);
    const records = await books.list(caller, new PaginatedFilter(), projection);

    const expected = {
      jsonapi: { version: '1.0' },
      data: [
        {
          type: 'books',
          id: '12',
          attributes: { id: 12, title: 'Dune', publishedAt: '1965-08-01T00:00:00.000Z' },
          relationships: {
            author: { data: { type: 'persons', id: '3' } },
            reviews: { links: { related: { href: '/forest/books/12/relationships/reviews' } } },
          },
        },
      ],
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
    };
    expect(JSON.stringify(serializeRecords(books, records, projection))).toBe(
      JSON.stringify(expected),
    );
  });

  it('serializes an empty list as an empty array, without included', () => {
    const books = collection('books');
    expect(serializeRecords(books, [], new Projection('id'))).toEqual({
      jsonapi: { version: '1.0' },
      data: [],
    });
  });

  it('writes a null relationship for an absent related record', () => {
    const books = collection('books');
    const projection = new Projection('id', 'editor:id', 'editor:lastName');
    expect(serializeRecords(books, [{ id: 9, editor: null }], projection)).toEqual({
      jsonapi: { version: '1.0' },
      data: [
        {
          type: 'books',
          id: '9',
          attributes: { id: 9 },
          relationships: {
            editor: { data: null },
            reviews: { links: { related: { href: '/forest/books/9/relationships/reviews' } } },
          },
        },
      ],
    });
  });

  it('reads a related record of nulls as absent', () => {
    const books = collection('books');
    const projection = new Projection('id', 'editor:id');
    const [resource] = serializeRecords(books, [{ id: 9, editor: { id: null } }], projection)
      .data as Array<{ relationships: unknown }>;
    expect(resource?.relationships).toMatchObject({ editor: { data: null } });
  });

  it('keeps null attributes and drops undefined ones', () => {
    const books = collection('books');
    const projection = new Projection('id', 'title', 'price');
    const document = serializeRecords(
      books,
      [{ id: 1, title: null, price: undefined }],
      projection,
    );
    expect(document.data).toEqual([
      expect.objectContaining({ attributes: { id: 1, title: null } }),
    ]);
  });

  it('omits empty attributes', () => {
    const books = collection('books');
    const [resource] = serializeRecords(books, [{ id: 1 }], new Projection()).data as object[];
    expect(resource).toEqual({
      type: 'books',
      id: '1',
      relationships: {
        reviews: { links: { related: { href: '/forest/books/1/relationships/reviews' } } },
      },
    });
  });

  it('writes attributes in schema order and only projected relations', () => {
    const books = collection('books');
    const projection = new Projection('price', 'title', 'id');
    const [resource] = serializeRecords(books, [{ price: 1, title: 'T', id: 2 }], projection)
      .data as Array<{ attributes: object; relationships: object }>;
    expect(Object.keys(resource?.attributes ?? {})).toEqual(['id', 'title', 'price']);
    expect(Object.keys(resource?.relationships ?? {})).toEqual(['reviews']);
  });

  it('deduplicates included records and merges their projections', async () => {
    const books = collection('books');
    const projection = parseProjection(
      {
        'fields[books]': 'title,author,editor',
        'fields[author]': 'lastName',
        'fields[editor]': 'firstName',
      },
      {},
      books,
    );
    const records = await books.list(caller, new PaginatedFilter(), projection);
    const document = serializeRecords(books, records, projection);
    expect(document.included).toEqual([
      {
        type: 'persons',
        id: '3',
        attributes: { id: 3, lastName: 'Herbert' },
        relationships: {
          books: { links: { related: { href: '/forest/persons/3/relationships/books' } } },
        },
      },
      {
        type: 'persons',
        id: '4',
        attributes: { id: 4, firstName: 'Isaac', lastName: 'Asimov' },
        relationships: {
          books: { links: { related: { href: '/forest/persons/4/relationships/books' } } },
        },
      },
    ]);
  });

  it('includes nested to-one relations recursively', async () => {
    const books = collection('books');
    const projection = parseProjection(
      {},
      { 'forest-projection': 'title,author:address:city' },
      books,
    );
    const records = await books.list(caller, new PaginatedFilter(), projection);
    const document = serializeRecords(
      books,
      records.filter(record => record.id === 12),
      projection,
    );
    expect(document.included).toEqual([
      { type: 'addresses', id: '5', attributes: { id: 5, city: 'Tacoma' } },
      {
        type: 'persons',
        id: '3',
        attributes: { id: 3 },
        relationships: {
          address: { data: { type: 'addresses', id: '5' } },
          books: { links: { related: { href: '/forest/persons/3/relationships/books' } } },
        },
      },
    ]);
  });

  it('encodes packed ids in links', () => {
    const orderLines = collection('orderLines');
    const projection = new Projection('orderId', 'sku');
    const [resource] = serializeRecords(orderLines, [{ orderId: 7, sku: 'A/1' }], projection)
      .data as Array<{ id: string; relationships: object }>;
    expect(resource?.id).toBe('7|A/1');
    expect(resource?.relationships).toEqual({
      notes: { links: { related: { href: '/forest/orderLines/7%7CA%2F1/relationships/notes' } } },
    });
  });

  it('refuses a collection without primary key', () => {
    const logs = collection('logs');
    expect(
      thrown(() => serializeRecords(logs, [{ message: 'x' }], new Projection('message'))),
    ).toMatchObject({
      code: 'UnprocessableError',
      name: 'NoPrimaryKeyError',
      message: 'This collection has no primary key',
    });
  });

  describe('search decorators (docs/agent-protocol.md#search-highlights)', () => {
    const books = collection('books');
    const projection = new Projection('id', 'title', 'summary');
    const records = [
      { id: 12, title: 'Dune', summary: 'Spice and DUNES' },
      { id: 9, title: 'Foundation', summary: null },
      { id: 14, title: 'Children of Dune', summary: 'null' },
    ];

    it('numbers only the matching records, naming their matching attributes', () => {
      expect(serializeRecords(books, records, projection, { search: 'dune' }).meta).toEqual({
        decorators: {
          '0': { id: '12', search: ['title', 'summary'] },
          '1': { id: '14', search: ['title'] },
        },
      });
    });

    it('matches numbers by their string form and never null values', () => {
      expect(serializeRecords(books, records, projection, { search: '12' }).meta).toEqual({
        decorators: { '0': { id: '12', search: ['id'] } },
      });
      expect(serializeRecords(books, records, projection, { search: 'NULL' }).meta).toEqual({
        decorators: { '0': { id: '14', search: ['summary'] } },
      });
    });

    it('has no meta without a match, a search or with a blank one', () => {
      expect(serializeRecords(books, records, projection, { search: 'zzz' })).not.toHaveProperty(
        'meta',
      );
      expect(serializeRecords(books, records, projection)).not.toHaveProperty('meta');
      expect(serializeRecords(books, records, projection, { search: ' ' })).not.toHaveProperty(
        'meta',
      );
    });
  });
});
