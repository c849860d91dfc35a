import { Readable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import type { ActionResult } from '@grove/datasource-toolkit';
import { correlationId } from '../../../src/http/middlewares/correlation-id';
import { createErrorHandler } from '../../../src/http/middlewares/error-handler';
import { sendActionResult } from '../../../src/routes/actions/send-action-result';

const logged: unknown[] = [];

/** An app answering `result` through sendActionResult, behind the real correlation middleware. */
function appAnswering(result: () => ActionResult) {
  const app = express();
  app.use(correlationId);
  app.post('/', async (_request, response) => sendActionResult(response, result()));
  app.use(createErrorHandler((_level, _message, error) => logged.push(error)));

  return app;
}

function failingStream(): Readable {
  return new Readable({
    read() {
      this.destroy(new Error('disk unplugged'));
    },
  });
}

beforeEach(() => {
  logged.length = 0;
});

describe('sendActionResult', () => {
  test('a file keeps the headers exposed earlier and adds Content-Disposition', async () => {
    const app = appAnswering(() => ({
      type: 'File',
      name: 'a.txt',
      mimeType: 'text/plain',
      stream: 'hello',
    }));
    const response = await request(app).post('/');

    expect(response.status).toBe(200);
    expect(response.text).toBe('hello');
    expect(response.headers['access-control-expose-headers']).toBe(
      'x-forest-correlation-id, Content-Disposition',
    );
  });

  test('a file stream failing before its first byte answers a JSON 500, not a download', async () => {
    const app = appAnswering(() => ({
      type: 'File',
      name: 'a.txt',
      mimeType: 'text/plain',
      stream: failingStream(),
    }));
    const response = await request(app).post('/');

    expect(response.status).toBe(500);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.body).toEqual({
      errors: [{ name: 'InternalServerError', detail: 'Unexpected error', status: 500 }],
    });
    expect(logged).toEqual([new Error('disk unplugged')]);
  });

  test('a file stream failing midway cuts the connection and logs the error', async () => {
    let sent = false;
    const stream = new Readable({
      read() {
        if (sent) {
          this.destroy(new Error('disk unplugged'));
        } else {
          sent = true;
          this.push(Buffer.alloc(64 * 1024, 'a'));
        }
      },
    });
    const app = appAnswering(() => ({
      type: 'File',
      name: 'a.txt',
      mimeType: 'text/plain',
      stream,
    }));

    await expect(request(app).post('/')).rejects.toThrow();
    expect(logged).toEqual([new Error('disk unplugged')]);
  });

  test('response headers of the action are set on an Error result too', async () => {
    const app = appAnswering(() => ({
      type: 'Error',
      message: 'Nope',
      responseHeaders: { 'X-Reason': 'quota', 'Cache-Control': 'no-store' },
    }));
    const response = await request(app).post('/');

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Nope' });
    expect(response.headers['x-reason']).toBe('quota');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
