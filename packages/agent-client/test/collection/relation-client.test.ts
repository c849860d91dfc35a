import { createAgentClient } from '../../src';
import { useFakeAgent } from '../helpers/setup';

const path = '/forest/books/12/relationships/reviews';

describe('RelationClient', () => {
  const { agent, client } = useFakeAgent();

  it('lists related records with the projection keyed by the foreign collection', async () => {
    agent().reply('GET', path, {
      json: { data: [{ type: 'reviews', id: '5', attributes: { id: 5, stars: 4 } }] },
    });

    const reviews = await client()
      .collection('books')
      .relation('reviews', 12)
      .list({ fields: ['stars'], pagination: { size: 3 }, sort: 'stars' });

    expect(reviews).toEqual([{ id: 5, stars: 4 }]);
    expect(agent().last.query).toEqual({
      timezone: 'UTC',
      sort: 'stars',
      'page[size]': '3',
      'fields[reviews]': 'stars',
    });
  });

  it('refuses a related projection without schema', async () => {
    const bare = createAgentClient({ url: agent().url, authSecret: 's' });

    await expect(
      bare
        .collection('books')
        .relation('reviews', 12)
        .list({ fields: ['stars'] }),
    ).rejects.toThrow('Projecting a related list needs the agent schema');
  });

  it('counts related records', async () => {
    agent().reply('GET', `${path}/count`, { json: { count: 4 } });

    await expect(
      client().collection('books').relation('reviews', 12).count({ search: 'good' }),
    ).resolves.toBe(4);
    expect(agent().last.query).toEqual({ timezone: 'UTC', search: 'good' });
  });

  it('exports related records as CSV', async () => {
    agent().reply('GET', `${path}.csv`, { text: 'id,stars\n5,4\n' });

    await expect(
      client().collection('books').relation('reviews', 12).exportCsvText(),
    ).resolves.toBe('id,stars\n5,4\n');
    expect(agent().last.query).toMatchObject({
      'fields[reviews]': 'id,stars',
      filename: 'reviews.csv',
    });
  });

  it('associates a record', async () => {
    agent().reply('POST', path, { status: 204 });

    await client().collection('books').relation('reviews', 12).associate(5);

    expect(agent().last.body).toEqual({ data: [{ id: '5', type: 'reviews' }] });
  });

  it('dissociates records without the delete flag', async () => {
    agent().reply('DELETE', path, { status: 204 });

    await client().collection('books').relation('reviews', 12).dissociate([5, 9]);

    expect(agent().last.query).toEqual({ timezone: 'UTC' });
    expect(agent().last.body).toEqual({
      data: {
        type: 'action-requests',
        attributes: {
          collection_name: 'reviews',
          ids: ['5', '9'],
          all_records: false,
          all_records_ids_excluded: [],
        },
      },
    });
  });

  it('deletes related records with delete=true', async () => {
    agent().reply('DELETE', path, { status: 204 });

    await client().collection('books').relation('reviews', 12).dissociate(5, { delete: true });

    expect(agent().last.query).toEqual({ timezone: 'UTC', delete: 'true' });
    expect(agent().last.body).toMatchObject({ data: { attributes: { ids: ['5'] } } });
  });

  it('sets and unsets a to-one relation', async () => {
    agent().reply('PUT', '/forest/books/12/relationships/author', { status: 204 });
    const author = client().collection('books').relation('author', 12);

    await author.set(3);
    expect(agent().last.body).toEqual({ data: { type: 'persons', id: '3' } });
    await author.unset();
    expect(agent().last.body).toEqual({ data: null });
  });
});
