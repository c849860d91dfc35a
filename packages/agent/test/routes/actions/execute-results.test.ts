import { Readable } from 'node:stream';
import request from 'supertest';
import type { ActionResult } from '@grove/datasource-toolkit';
import { startActionApp, tokenOf } from './action-test-app';
import type { ActionApp } from './action-test-app';

const seen: Array<{ action: string; values: Record<string, unknown> }> = [];
let fixture: ActionApp;

beforeAll(async () => {
  fixture = await startActionApp({
    customize: books => {
      books
        .addAction('Mark as live', {
          scope: 'Bulk',
          execute: async (context, result) => {
            const ids = await context.getRecordIds();

            return result
              .setHeader('X-Action', 'mark')
              .success(`${ids.length} books marked as live`, {
                html: '<p>ok</p>',
                invalidated: ['author'],
              });
          },
        })
        .addAction('Touch', { scope: 'Bulk', execute: () => {} })
        .addAction('Reject', {
          scope: 'Single',
          form: [
            { type: 'String', label: 'Reason', isRequired: true },
            { type: 'Collection', label: 'Author', collectionName: 'authors' },
          ],
          execute: (context, result) => {
            seen.push({ action: 'Reject', values: { ...context.formValues } });

            return result
              .setHeader('X-Action', 'reject')
              .error(`Rejected: ${String(context.formValues.Reason)}`, { html: '<b>no</b>' });
          },
        })
        .addAction('Fail plainly', {
          scope: 'Single',
          execute: (_context, result) => result.error(),
        })
        .addAction('Notify', {
          scope: 'Global',
          execute: (_context, result) =>
            result
              .setHeader('X-Action', 'notify')
              .webhook('https://hooks.example.com/notify', 'PUT', { 'X-Key': 'k' }, { a: 1 }),
        })
        .addAction('Open', {
          scope: 'Single',
          execute: (_context, result) =>
            result.setHeader('X-Action', 'open').redirectTo('/books/1'),
        })
        .addAction('Download', {
          scope: 'Bulk',
          generateFile: true,
          execute: (_context, result) =>
            result
              .setHeader('X-Action', 'download')
              .file('id,title\n1,Dune\n', 'books.csv', 'text/csv'),
        })
        .addAction('Download bytes', {
          scope: 'Bulk',
          generateFile: true,
          execute: (_context, result) => result.file(Buffer.from([0, 255, 1, 128])),
        })
        .addAction('Download stream', {
          scope: 'Bulk',
          generateFile: true,
          execute: (_context, result) =>
            result.file(
              Readable.from([Buffer.from('part1,'), Buffer.from('part2')]),
              'Été "v2".txt',
              'text/plain',
            ),
        })
        .addAction('Broken', {
          scope: 'Bulk',
          execute: () => ({ type: 'Teleport' }) as unknown as ActionResult,
        });
    },
  });
});
afterAll(() => fixture.close());
// A token signed once: `execute` returns a supertest request that tests chain on (`.buffer()`).
let token = '';
beforeAll(async () => {
  token = await tokenOf(1);
});
beforeEach(() => {
  fixture.reset();
  seen.length = 0;
});

function execute(path: string, attributes: Record<string, unknown> = { ids: ['1'] }) {
  return request(fixture.app)
    .post(`/forest/_actions/books/${path}`)
    .query({ timezone: 'Europe/Paris' })
    .set('Authorization', `Bearer ${token}`)
    .send({ data: { type: 'custom-action-requests', attributes } });
}

function binary(response: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('execute: answers per result kind (docs/agent-protocol.md#action-results)', () => {
  test('Success: message, html and the relations to refresh, with the action headers', async () => {
    const response = await execute('0/mark-as-live', { ids: ['1', '3'] });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: '2 books marked as live',
      html: '<p>ok</p>',
      refresh: { relationships: ['author'] },
    });
    expect(response.headers['x-action']).toBe('mark');
  });

  test('an action returning nothing answers the default Success message', async () => {
    const response = await execute('1/touch');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: 'Success', refresh: { relationships: [] } });
  });

  test('Error: 400 with {error, html}, not the error-middleware shape', async () => {
    const response = await execute('2/reject', {
      ids: ['1'],
      values: { Reason: 'typo', Author: '2' },
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Rejected: typo', html: '<b>no</b>' });
    expect(response.headers['x-action']).toBe('reject');
  });

  test('form values reach the action with Collection values unpacked', async () => {
    await execute('2/reject', {
      ids: ['1'],
      values: { Reason: 'typo', Author: '2', 'Loading...': 'x' },
    });

    expect(seen).toEqual([{ action: 'Reject', values: { Reason: 'typo', Author: [2] } }]);
  });

  test('Error without message answers the default "Error"', async () => {
    const response = await execute('3/fail-plainly');

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Error' });
  });

  test('Webhook: the call the frontend must make', async () => {
    const response = await execute('4/notify', { ids: [] });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      webhook: {
        url: 'https://hooks.example.com/notify',
        method: 'PUT',
        headers: { 'X-Key': 'k' },
        body: { a: 1 },
      },
    });
    expect(response.headers['x-action']).toBe('notify');
  });

  test('Redirect: {redirectTo}', async () => {
    const response = await execute('5/open');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ redirectTo: '/books/1' });
    expect(response.headers['x-action']).toBe('open');
  });

  test('File from a string: the bytes, typed, as an attachment readable by browsers', async () => {
    const response = await execute('6/download').buffer(true).parse(binary);

    expect(response.status).toBe(200);
    expect(response.body).toEqual(Buffer.from('id,title\n1,Dune\n'));
    expect(response.headers['content-type']).toBe('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="books.csv"');
    expect(response.headers['access-control-expose-headers']).toBe('Content-Disposition');
    expect(response.headers['x-action']).toBe('download');
  });

  test('File from a Buffer: exact bytes with the default name and type', async () => {
    const response = await execute('7/download-bytes').buffer(true).parse(binary);

    expect(response.body).toEqual(Buffer.from([0, 255, 1, 128]));
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe('attachment; filename="file"');
  });

  test('File from a stream, with a name that needs encoding', async () => {
    const response = await execute('8/download-stream').buffer(true).parse(binary);

    expect(response.body).toEqual(Buffer.from('part1,part2'));
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="_t_ _v2_.txt"; filename*=UTF-8''%C3%89t%C3%A9%20%22v2%22.txt`,
    );
  });

  test('an unknown result kind is a 500 that reveals nothing', async () => {
    const response = await execute('9/broken');

    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      errors: [{ name: 'InternalServerError', detail: 'Unexpected error', status: 500 }],
    });
    expect(fixture.logged).toHaveLength(1);
  });
});
