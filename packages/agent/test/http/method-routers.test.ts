import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { methodRouters } from '../../src/http/method-routers';

describe('methodRouters', () => {
  let server: Server;
  let url: string;
  const seen: string[] = [];

  beforeAll(async () => {
    const routes = methodRouters();
    // Registered as the agent does: `/:c/count` before `/:c/:id`, several methods per path.
    routes.table.get('/:c/count', (request, response) => {
      seen.push(`count ${request.params.c}`);
      response.send('count');
    });
    routes.table.get('/:c/:id', (request, response) => {
      response.send(`get ${request.params.c} ${request.params.id}`);
    });
    routes.table.post('/:c', (_request, response) => {
      response.send('create');
    });
    routes.table.put('/:c/:id', (_request, response) => {
      response.send('update');
    });
    routes.table.delete('/:c/:id', (_request, response) => {
      response.send('delete');
    });
    const app = express();
    app.use(routes.dispatch);
    app.use((request, response) => {
      response.status(404).send(`no route for ${request.method}`);
    });
    server = createServer(app);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.close();
    await once(server, 'close');
  });

  it.each([
    ['GET', '/books/count', 200, 'count'],
    ['GET', '/books/42', 200, 'get books 42'],
    ['POST', '/books', 200, 'create'],
    ['PUT', '/books/42', 200, 'update'],
    ['DELETE', '/books/42', 200, 'delete'],
    // A method without a route on the path falls through, as with one router.
    ['POST', '/books/42', 404, 'no route for POST'],
    ['PATCH', '/books/42', 404, 'no route for PATCH'],
  ])('%s %s → %i %s', async (method, path, status, body) => {
    const answer = await fetch(`${url}${path}`, { method });
    expect(answer.status).toBe(status);
    expect(await answer.text()).toBe(body);
  });

  it('keeps the order of one method: count is not read as an id', async () => {
    seen.length = 0;
    await fetch(`${url}/books/count`);
    expect(seen).toEqual(['count books']);
  });

  it('serves HEAD with the GET route', async () => {
    const answer = await fetch(`${url}/books/42`, { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBe(String('get books 42'.length));
  });

  it("answers OPTIONS with every method of the path's routes, as one router would", async () => {
    const answer = await fetch(`${url}/books/42`, { method: 'OPTIONS' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('allow')?.split(', ').sort()).toEqual([
      'DELETE',
      'GET',
      'HEAD',
      'PUT',
    ]);
  });
});
