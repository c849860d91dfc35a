import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useFakeAgent } from '../helpers/setup';

const listReply = { json: { data: [{ type: 'books', id: '1', attributes: { id: 1 } }] } };

describe('vendor-style collection handle methods', () => {
  const { agent, client } = useFakeAgent();

  it('segment(name).list() sends the segment with the list options', async () => {
    agent().reply('GET', '/forest/books', listReply);

    const records = await client()
      .collection('books')
      .segment('Published')
      .list({ pagination: { size: 5, number: 2 }, fields: ['id'] });

    expect(records).toEqual([{ id: 1 }]);
    expect(agent().last.query).toEqual({
      timezone: 'UTC',
      segment: 'Published',
      'page[size]': '5',
      'page[number]': '2',
      'fields[books]': 'id',
    });
  });

  it('segment(name).count() counts the segment', async () => {
    agent().reply('GET', '/forest/books/count', { json: { count: 4 } });

    await expect(client().collection('books').segment('Published').count()).resolves.toBe(4);
    expect(agent().last.query).toEqual({ timezone: 'UTC', segment: 'Published' });
  });

  it('liveQuerySegment({ connectionName, query }).list() sends segmentQuery and connectionName', async () => {
    agent().reply('GET', '/forest/books', listReply);

    await client()
      .collection('books')
      .liveQuerySegment({ connectionName: 'main', query: 'SELECT id FROM books' })
      .list();

    expect(agent().last.query).toEqual({
      timezone: 'UTC',
      segmentQuery: 'SELECT id FROM books',
      connectionName: 'main',
    });
  });

  it('list() reads shouldSearchInRelation, segmentQuery and connectionName options', async () => {
    agent().reply('GET', '/forest/books', listReply);

    await client()
      .collection('books')
      .list({
        search: 'dune',
        shouldSearchInRelation: true,
        segmentQuery: 'SELECT 1',
        connectionName: 'main',
        filters: {
          aggregator: 'And',
          conditions: [{ field: 'id', operator: 'GreaterThan', value: 1 }],
        },
        fields: ['id', 'author@@@last_name', ''],
      });

    expect(agent().last.query).toEqual({
      timezone: 'UTC',
      search: 'dune',
      searchExtended: 'true',
      segmentQuery: 'SELECT 1',
      connectionName: 'main',
      filters: JSON.stringify({
        aggregator: 'and',
        conditions: [{ field: 'id', operator: 'greater_than', value: 1 }],
      }),
      'fields[books]': 'id,author',
      'fields[author]': 'last_name',
    });
  });

  it('capabilities() returns the collection of the capabilities answer', async () => {
    const books = { name: 'books', fields: [{ name: 'id', type: 'Number', operators: ['equal'] }] };
    agent().reply('POST', '/forest/_internal/capabilities', { json: { collections: [books] } });

    await expect(client().collection('books').capabilities()).resolves.toEqual(books);
    expect(agent().last.body).toEqual({ collectionNames: ['books'] });
  });

  it('capabilities() throws when the answer does not list the collection', async () => {
    agent().reply('POST', '/forest/_internal/capabilities', { json: { collections: [] } });

    await expect(client().collection('books').capabilities()).rejects.toThrow(
      'Collection books not found in the capabilities answer',
    );
  });

  it('getOne(id, options, { skipDeserialization: true }) returns the JSON:API body', async () => {
    const body = { data: { type: 'books', id: '1', attributes: { id: 1 } } };
    agent().reply('GET', '/forest/books/1', { json: body });

    await expect(
      client().collection('books').getOne(1, {}, { skipDeserialization: true }),
    ).resolves.toEqual(body);
  });

  it('exportCsv(stream, options) writes the export into the stream', async () => {
    agent().reply('GET', '/forest/books.csv', { chunks: ['id\n', '1\n'] });
    const directory = await mkdtemp(join(tmpdir(), 'agent-client-csv-'));
    try {
      const file = join(directory, 'books.csv');

      await client()
        .collection('books')
        .segment('Published')
        .exportCsv(createWriteStream(file), { fields: ['id'] });

      await expect(readFile(file, 'utf8')).resolves.toBe('id\n1\n');
      expect(agent().last.query).toMatchObject({ segment: 'Published', 'fields[books]': 'id' });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
