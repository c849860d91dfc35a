import { startTestAgent } from '../helpers/test-agent';
import type { TestAgent } from '../helpers/test-agent';

const tz = 'timezone=Europe%2FParis';

/**
 * Malformed writes the fuzz suite (test/fuzz) found: each is a 400 and changes nothing, where
 * they used to be a 500 or a silent write. On the in-memory bookstore (books.notes is an array
 * of `{ text: String }`; book 1 is written by person 1).
 */
describe('malformed writes on a running agent', () => {
  let agent: TestAgent;
  let auth: { Authorization: string };
  const book = async (id: number) =>
    (await agent.http().get(`/forest/books/${id}?${tz}`).set(auth)).body.data;

  beforeAll(async () => {
    agent = await startTestAgent();
    auth = { Authorization: `Bearer ${await agent.token()}` };
  });
  afterAll(() => agent.stop());

  it.each([
    ['an array', { data: [] }],
    ['an object without id', { data: {} }],
    ['a bare id', { data: '2' }],
    ['no data at all', {}],
  ])('refuses to set a to-one from %s, and keeps the link', async (_, body) => {
    const response = await agent
      .http()
      .put(`/forest/books/1/relationships/author?${tz}`)
      .set(auth)
      .send(body);

    expect([response.status, response.body.errors[0].detail]).toEqual([
      400,
      'Expected {"data": {"id": <id>}} to link, or {"data": null} to unlink',
    ]);
    expect((await book(1)).relationships.author.data).toEqual({ type: 'persons', id: '1' });
  });

  it('refuses an array item of the wrong type, and keeps the array', async () => {
    const response = await agent
      .http()
      .put(`/forest/books/1/relationships/notes/0?${tz}`)
      .set(auth)
      .send({ data: { attributes: 'plain string' } });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toContain('"notes.0": plain string');
    expect((await book(1)).attributes.notes).toEqual([{ text: 'classic' }]);
  });

  it('refuses a record update of the wrong shape on a composite column', async () => {
    const response = await agent
      .http()
      .put(`/forest/books/1?${tz}`)
      .set(auth)
      .send({ data: { type: 'books', id: '1', attributes: { notes: { a: 1 } } } });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toContain('Expects an array');
    expect((await book(1)).attributes.notes).toEqual([{ text: 'classic' }]);
  });

  it('refuses a scope invalidation whose renderingId is an object (no toString call)', async () => {
    const response = await agent
      .http()
      .post('/forest/scope-cache-invalidation')
      .set(auth)
      .send({ renderingId: { toString: 2 } });

    expect([response.status, response.body.errors[0].detail]).toEqual([400, 'Malformed body']);
  });
});
