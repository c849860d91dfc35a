import { startTestAgent } from '../../helpers/test-agent';
import type { TestAgent } from '../../helpers/test-agent';
import { bookstoreFactory } from '../../helpers/bookstore';

const tz = 'timezone=Europe%2FParis';

describe('collection routes', () => {
  let agent: TestAgent;
  let auth: { Authorization: string };

  beforeEach(async () => {
    agent = await startTestAgent();
    auth = { Authorization: `Bearer ${await agent.token()}` };
  });
  afterEach(() => agent.stop());

  describe('GET /forest/{c} (list)', () => {
    it('answers a JSON:API page with to-one relations included and to-many links', async () => {
      const response = await agent
        .http()
        .get(
          `/forest/books?${tz}&page[size]=2&page[number]=1&sort=id&fields[books]=id,title,author&fields[author]=lastName`,
        )
        .set(auth);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        jsonapi: { version: '1.0' },
        data: [
          {
            type: 'books',
            id: '1',
            attributes: { id: 1, title: 'Dune' },
            relationships: {
              author: { data: { type: 'persons', id: '1' } },
              reviews: { links: { related: { href: '/forest/books/1/relationships/reviews' } } },
              tags: { links: { related: { href: '/forest/books/1/relationships/tags' } } },
            },
          },
          {
            type: 'books',
            id: '2',
            attributes: { id: 2, title: 'Foundation, Book 1' },
            relationships: {
              author: { data: { type: 'persons', id: '2' } },
              reviews: { links: { related: { href: '/forest/books/2/relationships/reviews' } } },
              tags: { links: { related: { href: '/forest/books/2/relationships/tags' } } },
            },
          },
        ],
        included: [
          {
            type: 'persons',
            id: '1',
            attributes: { id: 1, lastName: 'Herbert' },
            relationships: {
              books: { links: { related: { href: '/forest/persons/1/relationships/books' } } },
            },
          },
          {
            type: 'persons',
            id: '2',
            attributes: { id: 2, lastName: 'Asimov' },
            relationships: {
              books: { links: { related: { href: '/forest/persons/2/relationships/books' } } },
            },
          },
        ],
      });
    });

    it('filters with a condition tree in snake_case and sorts descending', async () => {
      const filters = encodeURIComponent(
        JSON.stringify({
          aggregator: 'and',
          conditions: [
            { field: 'status', operator: 'equal', value: 'live' },
            { field: 'price', operator: 'greater_than', value: '7' },
          ],
        }),
      );
      const response = await agent
        .http()
        .get(`/forest/books?${tz}&filters=${filters}&sort=-price&fields[books]=id`)
        .set(auth);

      expect(response.status).toBe(200);
      expect(response.body.data.map((book: { id: string }) => book.id)).toEqual(['1', '4']);
    });

    it('sorts on a relation field written with a dot', async () => {
      const response = await agent
        .http()
        .get(`/forest/books?${tz}&sort=-author.lastName,id&fields[books]=id`)
        .set(auth);

      expect(response.body.data.map((book: { id: string }) => book.id)).toEqual([
        '4',
        '1',
        '2',
        '3',
        '5',
      ]);
    });

    it('adds search highlights for matching records only', async () => {
      const response = await agent.http().get(`/forest/books?${tz}&search=dune`).set(auth);

      expect(response.body.data).toHaveLength(1);
      expect(response.body.meta).toEqual({ decorators: { '0': { id: '1', search: ['title'] } } });
    });

    it('needs a timezone', async () => {
      const response = await agent.http().get('/forest/books').set(auth);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errors: [{ name: 'ValidationError', detail: 'Missing timezone', status: 400 }],
      });
    });

    it('rejects an invalid timezone, a bad filter, a bad sort and a bad page', async () => {
      const answers = await Promise.all([
        agent.http().get('/forest/books?timezone=Mars%2FOlympus').set(auth),
        agent.http().get(`/forest/books?${tz}&filters=%7Bnope`).set(auth),
        agent.http().get(`/forest/books?${tz}&sort=nope`).set(auth),
        agent.http().get(`/forest/books?${tz}&page[size]=0`).set(auth),
      ]);

      expect(answers.map(answer => answer.status)).toEqual([400, 400, 400, 400]);
      expect(answers[0]?.body.errors[0].detail).toBe('Invalid timezone: "Mars/Olympus"');
      expect(answers[1]?.body.errors[0].detail).toMatch(/^Invalid filters \(/);
      expect(answers[2]?.body.errors[0].detail).toBe('Invalid sort: nope');
      expect(answers[3]?.body.errors[0].detail).toBe('Invalid pagination [limit: 0, skip: 1]');
    });

    it('answers 404 for an unknown collection', async () => {
      const response = await agent.http().get(`/forest/unicorns?${tz}`).set(auth);

      expect(response.status).toBe(404);
      expect(response.body.errors[0]).toEqual({
        name: 'NotFoundError',
        detail: "Collection 'unicorns' not found",
        status: 404,
      });
    });
  });

  describe('GET /forest/{c}/count', () => {
    it('counts the filtered records', async () => {
      const response = await agent.http().get(`/forest/books/count?${tz}&search=o`).set(auth);

      expect(response.body).toEqual({ count: 3 });
    });

    it('says deactivated when the collection disabled count', async () => {
      await agent.stop();
      agent = await startTestAgent(a => {
        a.addDataSource(bookstoreFactory()).customizeCollection('books', books =>
          books.disableCount(),
        );
      });
      const response = await agent
        .http()
        .get(`/forest/books/count?${tz}`)
        .set({ Authorization: `Bearer ${await agent.token()}` });

      expect(response.body).toEqual({ meta: { count: 'deactivated' } });
    });
  });

  describe('GET /forest/{c}/{id}', () => {
    it('answers one record with its to-one relations', async () => {
      const response = await agent.http().get(`/forest/books/4?${tz}`).set(auth);

      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({
        type: 'books',
        id: '4',
        attributes: {
          id: 4,
          title: 'The Dispossessed',
          price: 8,
          status: 'live',
          publishedAt: '1974-05-01T00:00:00.000Z',
          notes: [],
          authorId: 3,
        },
        relationships: {
          author: { data: { type: 'persons', id: '3' } },
          reviews: { links: { related: { href: '/forest/books/4/relationships/reviews' } } },
          tags: { links: { related: { href: '/forest/books/4/relationships/tags' } } },
        },
      });
      expect(response.body.included).toEqual([
        {
          type: 'persons',
          id: '3',
          attributes: { id: 3, firstName: 'Ursula', lastName: 'Le Guin' },
          relationships: {
            books: { links: { related: { href: '/forest/persons/3/relationships/books' } } },
          },
        },
      ]);
    });

    it('answers 404 for a missing record and 400 for a malformed id', async () => {
      const missing = await agent.http().get(`/forest/books/99?${tz}`).set(auth);
      const malformed = await agent.http().get(`/forest/books/1%7C2?${tz}`).set(auth);

      expect(missing.status).toBe(404);
      expect(missing.body.errors[0].detail).toBe('Record does not exists');
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors[0].detail).toBe('Expected 1 values, found 2');
    });
  });

  describe('POST /forest/{c}', () => {
    it('creates a record with a ManyToOne relationship and echoes it', async () => {
      const response = await agent
        .http()
        .post(`/forest/books?${tz}`)
        .set(auth)
        .send({
          data: {
            type: 'books',
            attributes: { title: 'Children of Dune', price: 10, status: 'draft' },
            relationships: { author: { data: { type: 'persons', id: '1' } } },
          },
        });

      expect(response.status).toBe(200);
      expect(response.body.data.id).toBe('6');
      expect(response.body.data.attributes).toEqual(
        expect.objectContaining({ id: 6, title: 'Children of Dune', price: 10 }),
      );
      expect(response.body.data.relationships.author).toEqual({
        data: { type: 'persons', id: '1' },
      });
      const stored = await agent.http().get(`/forest/books/6?${tz}`).set(auth);
      expect(stored.body.data.relationships.author.data).toEqual({ type: 'persons', id: '1' });
    });

    it('links a OneToOne after the insert, detaching nothing else', async () => {
      const response = await agent
        .http()
        .post(`/forest/persons?${tz}`)
        .set(auth)
        .send({
          data: {
            type: 'persons',
            attributes: { firstName: 'Mary', lastName: 'Shelley' },
            relationships: { passport: { data: { type: 'passports', id: '2' } } },
          },
        });
      const passport = await agent.http().get(`/forest/passports/2?${tz}`).set(auth);

      expect(response.status).toBe(200);
      expect(passport.body.data.relationships.owner.data).toEqual({ type: 'persons', id: '4' });
    });

    it('refuses an unknown field and an empty record', async () => {
      const unknown = await agent
        .http()
        .post(`/forest/books?${tz}`)
        .set(auth)
        .send({ data: { type: 'books', attributes: { nope: 1 } } });
      const empty = await agent
        .http()
        .post(`/forest/books?${tz}`)
        .set(auth)
        .send({ data: { type: 'books', attributes: {} } });

      expect(unknown.status).toBe(400);
      expect(unknown.body.errors[0].detail).toMatch(/nope/);
      expect(empty.status).toBe(400);
      expect(empty.body.errors[0].detail).toBe('The record data is empty');
    });

    it('refuses a value of the wrong type', async () => {
      const response = await agent
        .http()
        .post(`/forest/books?${tz}`)
        .set(auth)
        .send({ data: { type: 'books', attributes: { price: 'cheap' } } });

      expect(response.status).toBe(400);
      expect(response.body.errors[0].name).toBe('ValidationError');
    });
  });

  describe('PUT /forest/{c}/{id}', () => {
    it('patches and answers the record re-read', async () => {
      const response = await agent
        .http()
        .put(`/forest/books/2?${tz}`)
        .set(auth)
        .send({ data: { type: 'books', id: '2', attributes: { price: 11 } } });

      expect(response.status).toBe(200);
      expect(response.body.data.attributes.price).toBe(11);
      expect(response.body.data.attributes.title).toBe('Foundation, Book 1');
    });
  });

  describe('DELETE', () => {
    it('deletes one record (204)', async () => {
      const response = await agent.http().delete(`/forest/books/5?${tz}`).set(auth);
      const count = await agent.http().get(`/forest/books/count?${tz}`).set(auth);

      expect(response.status).toBe(204);
      expect(count.body).toEqual({ count: 4 });
    });

    it('bulk-deletes ids, and all records minus exclusions with the list query', async () => {
      const byIds = await agent
        .http()
        .delete(`/forest/reviews?${tz}`)
        .set(auth)
        .send({ data: { attributes: { ids: ['1', '3'], collection_name: 'reviews' } } });
      const left = await agent.http().get(`/forest/reviews?${tz}&fields[reviews]=id`).set(auth);
      expect(byIds.status).toBe(204);
      expect(left.body.data.map((r: { id: string }) => r.id)).toEqual(['2']);

      const all = await agent
        .http()
        .delete(`/forest/books?${tz}`)
        .set(auth)
        .send({
          data: {
            attributes: {
              ids: [],
              all_records: true,
              all_records_ids_excluded: ['1'],
              all_records_subset_query: {
                filters: JSON.stringify({ field: 'status', operator: 'equal', value: 'live' }),
              },
            },
          },
        });
      const books = await agent.http().get(`/forest/books?${tz}&fields[books]=id`).set(auth);
      expect(all.status).toBe(204);
      expect(books.body.data.map((b: { id: string }) => b.id)).toEqual(['1', '3', '5']);
    });

    it('refuses a bulk body without ids', async () => {
      const response = await agent
        .http()
        .delete(`/forest/books?${tz}`)
        .set(auth)
        .send({ data: { attributes: {} } });

      expect(response.status).toBe(400);
      expect(response.body.errors[0].detail).toBe('Expected array, received: undefined');
    });
  });

  describe('PUT /forest/{c}/{id}/relationships/{field}/{index}', () => {
    it('answers 404 for an unknown field and 400 for a field that is not an array', async () => {
      const body = { data: { attributes: { text: 'x' } } };
      const unknown = await agent
        .http()
        .put(`/forest/books/1/relationships/nope/0?${tz}`)
        .set(auth)
        .send(body);
      const scalar = await agent
        .http()
        .put(`/forest/books/1/relationships/title/0?${tz}`)
        .set(auth)
        .send(body);

      expect(unknown.status).toBe(404);
      expect(unknown.body.errors[0].detail).toBe("Field 'books.nope' not found");
      expect(scalar.status).toBe(400);
      expect(scalar.body.errors[0].detail).toBe("'books.title' is not an array field");
    });

    it('replaces and appends array items, refusing a gap', async () => {
      const replace = await agent
        .http()
        .put(`/forest/books/1/relationships/notes/0?${tz}`)
        .set(auth)
        .send({ data: { attributes: { text: 'masterpiece' } } });
      const append = await agent
        .http()
        .put(`/forest/books/1/relationships/notes/1?${tz}`)
        .set(auth)
        .send({ data: { attributes: { text: 'long' } } });
      const gap = await agent
        .http()
        .put(`/forest/books/1/relationships/notes/5?${tz}`)
        .set(auth)
        .send({ data: { attributes: { text: 'x' } } });
      const book = await agent.http().get(`/forest/books/1?${tz}`).set(auth);

      const empty = await agent
        .http()
        .put(`/forest/books/1/relationships/notes/0?${tz}`)
        .set(auth)
        .send({});

      expect([replace.status, append.status, gap.status, empty.status]).toEqual([
        204, 204, 400, 400,
      ]);
      expect(gap.body.errors[0].detail).toBe("Field 'notes' is too short");
      expect(book.body.data.attributes.notes).toEqual([{ text: 'masterpiece' }, { text: 'long' }]);
    });
  });
});
