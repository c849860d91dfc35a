import { once } from 'node:events';
import { IncomingMessage, ServerResponse, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createExpressServer, expressServerOptions } from '../../src/http/create-express-server';

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');

  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.close();
  server.closeAllConnections();
  await once(server, 'close');
}

describe('createExpressServer', () => {
  it('creates requests and responses with the app prototypes, Express features intact', async () => {
    const app = express();
    const seen: boolean[] = [];
    app.use((request, response, next) => {
      (response.locals as { who?: string }).who = 'middleware';
      next();
    });
    app.get('/books/:id', (request, response) => {
      seen.push(
        Object.getPrototypeOf(request) === app.request,
        Object.getPrototypeOf(response) === app.response,
        request instanceof IncomingMessage,
        response instanceof ServerResponse,
        request.app === app,
      );
      response.status(201).json({
        id: request.params.id,
        query: request.query,
        who: (response.locals as { who?: string }).who,
        accepts: request.accepts('json'),
      });
    });
    const server = createExpressServer(app);
    // Before Express sees them: created with the prototypes, not given them afterwards.
    const created: boolean[] = [];
    server.prependListener('request', (request, response) => {
      created.push(
        Object.getPrototypeOf(request) === app.request,
        Object.getPrototypeOf(response) === app.response,
      );
    });
    const url = await listen(server);
    try {
      const answer = await fetch(`${url}/books/42?page[size]=15`, {
        headers: { accept: 'application/json' },
      });

      expect(answer.status).toBe(201);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await answer.json()).toEqual({
        id: '42',
        query: { 'page[size]': '15' },
        who: 'middleware',
        accepts: 'json',
      });
      expect(seen).toEqual([true, true, true, true, true]);
      expect(created).toEqual([true, true]);
    } finally {
      await close(server);
    }
  });

  it('serves bodies, errors and mounted sub-applications as a plain server would', async () => {
    const app = express();
    const admin = express();
    admin.get('/whoami', (request, response) => {
      response.send(`${request.baseUrl} ${Object.getPrototypeOf(request) === admin.request}`);
    });
    app.use('/admin', admin);
    app.post('/echo', express.json(), (request, response) => {
      response.json(request.body);
    });
    app.get('/fail', () => {
      throw new Error('boom');
    });
    app.use((_request, response) => {
      response.status(404).type('text/plain').send('Not Found');
    });
    const server = createExpressServer(app);
    const url = await listen(server);
    try {
      const echo = await fetch(`${url}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":[1,2]}',
      });
      expect(await echo.json()).toEqual({ a: [1, 2] });
      const mounted = await fetch(`${url}/admin/whoami`);
      expect(await mounted.text()).toBe('/admin true');
      expect((await fetch(`${url}/fail`)).status).toBe(500);
      const missing = await fetch(`${url}/nowhere`);
      expect([missing.status, await missing.text()]).toEqual([404, 'Not Found']);
    } finally {
      await close(server);
    }
  });

  it('gives the options of a server that attaches the app later', async () => {
    const app = express();
    app.get('/late', (request, response) => {
      response.send(String(Object.getPrototypeOf(request) === app.request));
    });
    const server = createServer(expressServerOptions(app));
    const created: boolean[] = [];
    server.on('request', request => created.push(Object.getPrototypeOf(request) === app.request));
    server.on('request', app);
    const url = await listen(server);
    try {
      expect(await (await fetch(`${url}/late`)).text()).toBe('true');
      expect(created).toEqual([true]);
    } finally {
      await close(server);
    }
  });
});
