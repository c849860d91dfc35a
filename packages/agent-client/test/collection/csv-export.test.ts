import { Readable } from 'node:stream';
import { collectStream, createAgentClient } from '../../src';
import { useFakeAgent } from '../helpers/setup';

describe('CSV export', () => {
  const { agent, client } = useFakeAgent();

  it('streams the export with the header and file name built from the fields', async () => {
    agent().reply('GET', '/forest/books.csv', {
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      chunks: ['id,title,author:last_name\n', '12,Dune,Herbert\n', '9,"Foundation, 1",Asimov\n'],
    });

    const stream = await client()
      .collection('books')
      .exportCsv({ fields: ['id', 'title', 'author:last_name'], sort: '-id' });

    expect(stream).toBeInstanceOf(Readable);
    await expect(collectStream(stream)).resolves.toBe(
      'id,title,author:last_name\n12,Dune,Herbert\n9,"Foundation, 1",Asimov\n',
    );
    expect(agent().last.headers.accept).toBe('text/csv');
    expect(agent().last.query).toEqual({
      timezone: 'UTC',
      sort: '-id',
      'fields[books]': 'id,title,author',
      'fields[author]': 'last_name',
      header: 'id,title,author:last_name',
      filename: 'books.csv',
    });
  });

  it('sends the given header labels and file name, and reads the export as text', async () => {
    agent().reply('GET', '/forest/books.csv', { text: 'Id,Title\n1,Dune\n' });

    const text = await client()
      .collection('books')
      .exportCsvText({ fields: ['id', 'title'], header: ['Id', 'Title'], filename: 'all.csv' });

    expect(text).toBe('Id,Title\n1,Dune\n');
    expect(agent().last.query).toMatchObject({ header: 'Id,Title', filename: 'all.csv' });
  });

  it('defaults the columns to the schema columns', async () => {
    agent().reply('GET', '/forest/books.csv', { text: '' });

    await client().collection('books').exportCsvText();

    expect(agent().last.query).toMatchObject({ 'fields[books]': 'id,title', header: 'id,title' });
  });

  it('needs fields when there is no schema', async () => {
    const bare = createAgentClient({ url: agent().url, authSecret: 's' });

    await expect(bare.collection('books').exportCsv()).rejects.toThrow(
      'A CSV export needs `fields` (or the agent schema) to name its columns',
    );
    expect(agent().requests).toHaveLength(0);
  });

  it('throws before streaming when the agent refuses the export', async () => {
    agent().reply('GET', '/forest/books.csv', {
      status: 403,
      json: { errors: [{ name: 'ForbiddenError', detail: 'Forbidden', status: 403 }] },
    });

    await expect(
      client()
        .collection('books')
        .exportCsv({ fields: ['id'] }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'ForbiddenError',
    });
  });
});
