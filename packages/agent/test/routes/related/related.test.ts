import { startTestAgent } from '../../helpers/test-agent';
import type { TestAgent } from '../../helpers/test-agent';

const tz = 'timezone=Europe%2FParis';
const ids = (body: { data: Array<{ id: string }> }) => body.data.map(record => record.id);

describe('related routes', () => {
  let agent: TestAgent;
  let auth: { Authorization: string };

  beforeEach(async () => {
    agent = await startTestAgent();
    auth = { Authorization: `Bearer ${await agent.token()}` };
  });
  afterEach(() => agent.stop());

  it('lists and counts OneToMany related records', async () => {
    const list = await agent
      .http()
      .get(`/forest/books/1/relationships/reviews?${tz}&fields[reviews]=id,rating&sort=rating`)
      .set(auth);
    const count = await agent
      .http()
      .get(`/forest/books/1/relationships/reviews/count?${tz}`)
      .set(auth);

    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual(['2', '1']);
    expect(list.body.data[0].attributes).toEqual({ id: 2, rating: 4 });
    expect(count.body).toEqual({ count: 2 });
  });

  it('lists ManyToMany related records through the junction', async () => {
    const list = await agent
      .http()
      .get(`/forest/books/1/relationships/tags?${tz}&sort=id`)
      .set(auth);

    expect(ids(list.body)).toEqual(['1', '2']);
  });

  it('exports related records as CSV', async () => {
    const response = await agent
      .http()
      .get(
        `/forest/books/1/relationships/reviews.csv?${tz}&fields[reviews]=id,rating&header=Id,Rating&filename=reviews.csv`,
      )
      .set(auth);

    expect(response.status).toBe(200);
    expect(response.text).toBe('Id,Rating\n1,5\n2,4\n');
  });

  it('associates a OneToMany record and a ManyToMany record', async () => {
    const oneToMany = await agent
      .http()
      .post(`/forest/books/2/relationships/reviews?${tz}`)
      .set(auth)
      .send({ data: [{ id: '1', type: 'reviews' }] });
    const manyToMany = await agent
      .http()
      .post(`/forest/books/3/relationships/tags?${tz}`)
      .set(auth)
      .send({ data: [{ id: '2', type: 'tags' }] });
    const reviews = await agent
      .http()
      .get(`/forest/books/2/relationships/reviews?${tz}&sort=id`)
      .set(auth);
    const tags = await agent.http().get(`/forest/books/3/relationships/tags?${tz}`).set(auth);

    expect([oneToMany.status, manyToMany.status]).toEqual([204, 204]);
    expect(ids(reviews.body)).toEqual(['1', '3']);
    expect(ids(tags.body)).toEqual(['2']);
  });

  it('dissociates (origin key nulled) and deletes with ?delete=true, not with ?delete=false', async () => {
    const body = { data: { attributes: { ids: ['1'], collection_name: 'reviews' } } };
    const dissociate = await agent
      .http()
      .delete(`/forest/books/1/relationships/reviews?${tz}&delete=false`)
      .set(auth)
      .send(body);
    const review1 = await agent.http().get(`/forest/reviews/1?${tz}`).set(auth);
    expect(dissociate.status).toBe(204);
    expect(review1.body.data.relationships.book).toEqual({ data: null });

    const remove = await agent
      .http()
      .delete(`/forest/books/1/relationships/reviews?${tz}&delete=true`)
      .set(auth)
      .send({ data: { attributes: { ids: ['2'] } } });
    const review2 = await agent.http().get(`/forest/reviews/2?${tz}`).set(auth);
    expect(remove.status).toBe(204);
    expect(review2.status).toBe(404);
  });

  it('only dissociates records linked to the parent', async () => {
    await agent
      .http()
      .delete(`/forest/books/1/relationships/reviews?${tz}`)
      .set(auth)
      .send({ data: { attributes: { ids: ['3'] } } });
    const review3 = await agent.http().get(`/forest/reviews/3?${tz}`).set(auth);

    expect(review3.body.data.relationships.book.data).toEqual({ type: 'books', id: '2' });
  });

  it('dissociates ManyToMany by deleting junction rows only, or also the records', async () => {
    await agent
      .http()
      .delete(`/forest/books/1/relationships/tags?${tz}`)
      .set(auth)
      .send({ data: [{ id: '2', type: 'tags' }] });
    const afterDissociate = await agent
      .http()
      .get(`/forest/books/1/relationships/tags?${tz}`)
      .set(auth);
    const tag2 = await agent.http().get(`/forest/tags/2?${tz}`).set(auth);
    expect(ids(afterDissociate.body)).toEqual(['1']);
    expect(tag2.status).toBe(200);

    await agent
      .http()
      .delete(`/forest/books/1/relationships/tags?${tz}&delete=1`)
      .set(auth)
      .send({ data: [{ id: '1', type: 'tags' }] });
    const tag1 = await agent.http().get(`/forest/tags/1?${tz}`).set(auth);
    const junction = await agent.http().get(`/forest/bookTags/count?${tz}`).set(auth);
    expect(tag1.status).toBe(404);
    // Only book 2's link to tag 1 is left (the in-memory source has no foreign keys).
    expect(junction.body).toEqual({ count: 1 });
  });

  it('refuses a dissociation without ids', async () => {
    const response = await agent
      .http()
      .delete(`/forest/books/1/relationships/reviews?${tz}`)
      .set(auth)
      .send({ data: { attributes: { ids: [] } } });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toBe('Expected no empty id list');
  });

  it('sets and unsets a ManyToOne relation', async () => {
    const set = await agent
      .http()
      .put(`/forest/books/5/relationships/author?${tz}`)
      .set(auth)
      .send({ data: { type: 'persons', id: '3' } });
    const linked = await agent.http().get(`/forest/books/5?${tz}`).set(auth);
    const unset = await agent
      .http()
      .put(`/forest/books/5/relationships/author?${tz}`)
      .set(auth)
      .send({ data: null });
    const unlinked = await agent.http().get(`/forest/books/5?${tz}`).set(auth);

    expect([set.status, unset.status]).toEqual([204, 204]);
    expect(linked.body.data.relationships.author.data).toEqual({ type: 'persons', id: '3' });
    expect(unlinked.body.data.relationships.author.data).toBeNull();
  });

  it('moves a OneToOne relation: the previous record is detached', async () => {
    const response = await agent
      .http()
      .put(`/forest/persons/1/relationships/passport?${tz}`)
      .set(auth)
      .send({ data: { type: 'passports', id: '2' } });
    const passport1 = await agent.http().get(`/forest/passports/1?${tz}`).set(auth);
    const passport2 = await agent.http().get(`/forest/passports/2?${tz}`).set(auth);

    expect(response.status).toBe(204);
    expect(passport1.body.data.relationships.owner.data).toBeNull();
    expect(passport2.body.data.relationships.owner.data).toEqual({ type: 'persons', id: '1' });
  });

  it('refuses a OneToOne target outside the foreign scope (404) before detaching anything', async () => {
    agent.platform.state.renderings['1'] = {
      team: { id: 1, name: 'Ops' },
      collections: {
        passports: { scope: { field: 'number', operator: 'Equal', value: 'P-1' }, segments: [] },
      },
      stats: [],
    };
    const response = await agent
      .http()
      .put(`/forest/persons/1/relationships/passport?${tz}`)
      .set(auth)
      .send({ data: { type: 'passports', id: '2' } });
    const passport1 = await agent.http().get(`/forest/passports/1?${tz}`).set(auth);

    expect(response.status).toBe(404);
    expect(passport1.body.data.relationships.owner.data).toEqual({ type: 'persons', id: '1' });
  });

  it('answers 404 for an unknown relation', async () => {
    const response = await agent.http().get(`/forest/books/1/relationships/nope?${tz}`).set(auth);

    expect(response.status).toBe(404);
  });
});
