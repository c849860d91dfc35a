import { useFakeAgent } from '../helpers/setup';

const book = {
  type: 'books',
  id: '12',
  attributes: { id: 12, title: 'Dune', published_at: '1965-08-01T00:00:00.000Z' },
  relationships: {
    author: { data: { type: 'persons', id: '3' } },
    reviews: { links: { related: { href: '/forest/books/12/relationships/reviews' } } },
  },
};
const included = [
  {
    type: 'persons',
    id: '3',
    attributes: { id: 3, last_name: 'Herbert' },
    relationships: {
      books: { links: { related: { href: '/forest/persons/3/relationships/books' } } },
    },
  },
];

describe('CollectionClient', () => {
  const { agent, client } = useFakeAgent();

  describe('list', () => {
    it('sends filters, sort, pagination, projection, search and segment in the query string', async () => {
      agent().reply('GET', '/forest/books', { json: { data: [] } });

      await client()
        .collection('books')
        .list({
          filters: {
            aggregator: 'And',
            conditions: [
              { field: 'title', operator: 'IContains', value: 'dune' },
              { field: 'published_at', operator: 'PreviousXDays', value: 7 },
            ],
          },
          sort: { field: 'title', ascending: false },
          pagination: { size: 10, number: 2 },
          fields: ['id', 'title', 'author:last_name'],
          search: 'frank',
          searchExtended: true,
          segment: 'Published',
        });

      expect(agent().last.rawQuery).toBe(
        'timezone=UTC' +
          '&filters=%7B%22aggregator%22%3A%22and%22%2C%22conditions%22%3A%5B' +
          '%7B%22field%22%3A%22title%22%2C%22operator%22%3A%22i_contains%22%2C%22value%22%3A%22dune%22%7D%2C' +
          '%7B%22field%22%3A%22published_at%22%2C%22operator%22%3A%22previous_x_days%22%2C%22value%22%3A7%7D%5D%7D' +
          '&search=frank&searchExtended=true&segment=Published&sort=-title' +
          '&page%5Bsize%5D=10&page%5Bnumber%5D=2' +
          '&fields%5Bbooks%5D=id%2Ctitle%2Cauthor&fields%5Bauthor%5D=last_name',
      );
    });

    it('sends a live-query segment', async () => {
      agent().reply('GET', '/forest/books', { json: { data: [] } });

      await client()
        .collection('books')
        .list({ liveQuerySegment: { query: 'SELECT id FROM books', connectionName: 'main' } });

      expect(agent().last.query).toEqual({
        timezone: 'UTC',
        segmentQuery: 'SELECT id FROM books',
        connectionName: 'main',
      });
    });

    it('returns records with their schema field names and to-one relations nested', async () => {
      agent().reply('GET', '/forest/books', {
        json: { jsonapi: { version: '1.0' }, data: [book], included },
      });

      await expect(client().collection('books').list()).resolves.toEqual([
        {
          id: 12,
          title: 'Dune',
          published_at: '1965-08-01T00:00:00.000Z',
          author: { id: 3, last_name: 'Herbert' },
        },
      ]);
    });

    it('search(text) lists with a search', async () => {
      agent().reply('GET', '/forest/books', { json: { data: [] } });

      await client()
        .collection('books')
        .search('dune', { pagination: { size: 5 } });

      expect(agent().last.query).toEqual({ timezone: 'UTC', search: 'dune', 'page[size]': '5' });
    });

    it('encodes collection names like the agent registers them', async () => {
      agent().reply('GET', '/forest/book%20items', { json: { data: [] } });

      await expect(client().collection('book items').list()).resolves.toEqual([]);
      expect(agent().last.path).toBe('/forest/book%20items');
    });
  });

  describe('count', () => {
    it('sends the selection only and returns the count', async () => {
      agent().reply('GET', '/forest/books/count', { json: { count: 132 } });

      const count = await client()
        .collection('books')
        .count({ filters: { field: 'id', operator: 'GreaterThan', value: 3 }, search: 'x' });

      expect(count).toBe(132);
      expect(agent().last.query).toEqual({
        timezone: 'UTC',
        filters: '{"field":"id","operator":"greater_than","value":3}',
        search: 'x',
      });
    });

    it('throws a clear error when counting is deactivated', async () => {
      agent().reply('GET', '/forest/books/count', { json: { meta: { count: 'deactivated' } } });

      await expect(client().collection('books').count()).rejects.toMatchObject({
        code: 'UnprocessableError',
        name: 'CountDeactivatedError',
        message: 'Count is deactivated on books',
      });
    });
  });

  describe('getOne', () => {
    it('reads a composite id with a projection', async () => {
      agent().reply('GET', '/forest/books/7%7CA%2F1', { json: { data: book, included } });

      const record = await client()
        .collection('books')
        .getOne([7, 'A/1'], { fields: ['title'] });

      expect(record).toEqual({ ...book.attributes, author: { id: 3, last_name: 'Herbert' } });
      expect(agent().last.query).toEqual({ timezone: 'UTC', 'fields[books]': 'title' });
    });
  });

  describe('create', () => {
    it('posts attributes and relationships and returns the created record', async () => {
      agent().reply('POST', '/forest/books', {
        json: { data: { ...book, relationships: { author: book.relationships.author } }, included },
      });

      const created = await client()
        .collection('books')
        .create({ title: 'Dune' }, { relationships: { author: 3 } });

      expect(agent().last.body).toEqual({
        data: {
          type: 'books',
          attributes: { title: 'Dune' },
          relationships: { author: { data: { type: 'persons', id: '3' } } },
        },
      });
      expect(agent().last.headers['content-type']).toBe('application/json');
      expect(created).toEqual({ ...book.attributes, author: { id: 3, last_name: 'Herbert' } });
    });
  });

  describe('update', () => {
    it('puts the attributes with the id', async () => {
      agent().reply('PUT', '/forest/books/12', { json: { data: book, included } });

      await client().collection('books').update(12, { title: 'Dune 2' });

      expect(agent().last.body).toEqual({
        data: { type: 'books', id: '12', attributes: { title: 'Dune 2' } },
      });
    });

    it('returns null when the record left the scope', async () => {
      agent().reply('PUT', '/forest/books/12', {
        json: { jsonapi: { version: '1.0' }, data: null },
      });

      await expect(client().collection('books').update(12, { title: 'x' })).resolves.toBeNull();
    });
  });

  describe('delete', () => {
    it('deletes one record on its own route', async () => {
      agent().reply('DELETE', '/forest/books/12', { status: 204 });

      await client().collection('books').delete(12);

      expect(agent().last).toMatchObject({
        method: 'DELETE',
        path: '/forest/books/12',
        body: undefined,
      });
    });

    it('deletes several records with a bulk body', async () => {
      agent().reply('DELETE', '/forest/books', { status: 204 });

      await client()
        .collection('books')
        .delete([12, '13', [7, 'A']]);

      expect(agent().last.body).toEqual({
        data: {
          type: 'action-requests',
          attributes: {
            collection_name: 'books',
            ids: ['12', '13', '7|A'],
            all_records: false,
            all_records_ids_excluded: [],
          },
        },
      });
    });
  });
});
