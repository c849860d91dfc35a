import { getEventListeners } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import express from 'express';

import { createInProcessApp } from '../../src/agent/in-process-app';
import { createInProcessFetch } from '../../src/agent/in-process-fetch';

describe('in-process dispatch of the agent routes', () => {
  it('answers through the handler without a socket, and leaves other Express apps intact', async () => {
    const router = express.Router();
    router.post('/books', express.json(), (req, res) => {
      res
        .status(201)
        .set('x-seen', req.get('authorization') ?? '')
        .json({ got: req.body });
    });
    const agentFetch = createInProcessFetch(createInProcessApp('/forest', router));

    const answer = await agentFetch('http://agent.in-process/forest/books?x=1', {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Dune' }),
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-seen')).toBe('Bearer t');
    expect(await answer.json()).toEqual({ got: { title: 'Dune' } });
    expect((await agentFetch('http://agent.in-process/elsewhere')).status).toBe(404);

    // A real server's Express app still uses real requests and responses.
    const host = express();
    host.get('/ping', (req, res) => {
      res.json({ header: req.get('x-probe') });
    });
    const server = createServer(host);
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const real = await fetch(`http://127.0.0.1:${port}/ping`, { headers: { 'x-probe': 'p' } });
      expect(await real.json()).toEqual({ header: 'p' });
    } finally {
      await new Promise<void>(resolve => server.close(() => resolve()));
    }
  });

  it("leaves no listener on the caller's signal once answered, and still aborts on it", async () => {
    const router = express.Router();
    router.get('/fast', (_req, res) => {
      res.json({ ok: true });
    });
    router.get('/slow', () => undefined);
    const agentFetch = createInProcessFetch(createInProcessApp('/forest', router));

    // A timeout signal with listeners is held until it fires, with what the listeners reach.
    const timeout = AbortSignal.timeout(10_000);
    const answer = await agentFetch('http://agent.in-process/forest/fast', { signal: timeout });
    expect(await answer.json()).toEqual({ ok: true });
    expect(getEventListeners(timeout, 'abort')).toHaveLength(0);

    const controller = new AbortController();
    const pending = agentFetch('http://agent.in-process/forest/slow', {
      signal: controller.signal,
    });
    controller.abort(new Error('gave up'));
    await expect(pending).rejects.toThrow();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
