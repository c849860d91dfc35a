import type { Response } from 'express';
import { createPlatformClient } from '../../src';
import type { PlatformClient } from '../../src';
import { secret, startServer } from '../helpers/test-server';
import type { TestServer } from '../helpers/test-server';

const until = async (check: () => boolean, timeoutMs = 2000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise(resolve => setTimeout(resolve, 5));
  }
};
const timers = () => process.getActiveResourcesInfo().filter(name => name === 'Timeout').length;

describe('event stream', () => {
  let server: TestServer;
  let client: PlatformClient;
  let streams: Response[] = [];
  let status = 200;
  const logs: string[] = [];

  beforeAll(async () => {
    server = await startServer(app => {
      app.get('/liana/v4/subscribe-to-events', (_req, res) => {
        if (status !== 200) {
          res.status(status).json({ errors: [{ detail: 'Not found' }] });

          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(': hello\n\n');
        streams.push(res);
      });
      app.get('/liana/v4/permissions/users', (_req, res) => {
        res.json([]);
      });
      app.get('/liana/v4/permissions/environment', (_req, res) => {
        res.json(true);
      });
      app.get('/liana/v4/permissions/renderings/:id', (_req, res) => {
        res.json({ team: { id: 1, name: 'Ops' }, collections: {}, stats: [] });
      });
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    status = 200;
    streams = [];
    logs.length = 0;
    server.requests.length = 0;
    client = createPlatformClient({
      serverUrl: server.url,
      envSecret: secret,
      logger: (level, message) => logs.push(`${level}: ${message}`),
      eventStream: { initialDelayMs: 20, maxDelayMs: 80, heartbeatTimeoutMs: 5000 },
    });
  });
  afterEach(() => client.close());

  const fetches = (path: string) => server.requests.filter(r => r.path === path).length;
  const send = (text: string) => streams.at(-1)?.write(text);

  it('subscribes with the secret and the event-stream accept header', async () => {
    client.subscribeToEvents();
    await until(() => streams.length === 1);
    expect(server.requests[0]?.headers['forest-secret-key']).toBe(secret);
    expect(server.requests[0]?.headers.accept).toBe('text/event-stream');
  });

  it("streams through Node's http module, not the global fetch (no undici at start)", async () => {
    // Spied before the client exists: it could not have kept the real one aside.
    const globalFetch = jest.spyOn(globalThis, 'fetch');
    const plain = createPlatformClient({ serverUrl: server.url, envSecret: secret });
    try {
      const onRefreshCustomizations = jest.fn();
      plain.subscribeToEvents({ onRefreshCustomizations });
      await until(() => streams.length === 1);
      send('event: refresh-customizations\n\n');
      await until(() => onRefreshCustomizations.mock.calls.length === 1);
      expect(globalFetch).not.toHaveBeenCalled();
    } finally {
      globalFetch.mockRestore();
      await plain.close();
    }
  });

  it('streams through the given fetch when there is one', async () => {
    const given = jest.fn<ReturnType<typeof fetch>, Parameters<typeof fetch>>((input, init) =>
      fetch(input, init),
    );
    const fetching = createPlatformClient({
      serverUrl: server.url,
      envSecret: secret,
      fetch: given,
      logger: (level, message) => logs.push(`${level}: ${message}`),
    });
    try {
      const onRefreshCustomizations = jest.fn();
      fetching.subscribeToEvents({ onRefreshCustomizations });
      await until(() => streams.length === 1);
      send('event: refresh-customizations\n\n');
      await until(() => onRefreshCustomizations.mock.calls.length === 1);
      expect(given).toHaveBeenCalledWith(
        `${server.url}/liana/v4/subscribe-to-events`,
        expect.objectContaining({
          headers: { 'forest-secret-key': secret, accept: 'text/event-stream' },
        }),
      );
    } finally {
      await fetching.close();
    }
  });

  it('drops the users, roles and named renderings caches on refresh events', async () => {
    await client.permissions.getUsers();
    await client.permissions.getEnvironmentPermissions();
    await client.permissions.getRenderingPermissions(12);
    await client.permissions.getRenderingPermissions(13);
    client.subscribeToEvents();
    await until(() => streams.length === 1);
    send('event: refresh-users\ndata: {}\n\nevent: refresh-roles\ndata:\n\n');
    send('event: refresh-renderings\ndata: {"renderingIds":[12]}\n\n');
    send('event: heartbeat\ndata: ping\n\n');
    await new Promise(resolve => setTimeout(resolve, 50));
    await client.permissions.getUsers();
    await client.permissions.getEnvironmentPermissions();
    await client.permissions.getRenderingPermissions(12);
    await client.permissions.getRenderingPermissions(13);
    expect(fetches('/liana/v4/permissions/users')).toBe(2);
    expect(fetches('/liana/v4/permissions/environment')).toBe(2);
    expect(fetches('/liana/v4/permissions/renderings/12')).toBe(2);
    expect(fetches('/liana/v4/permissions/renderings/13')).toBe(1);
  });

  it('ignores heartbeats and calls the customization hook on refresh-customizations', async () => {
    const onRefreshCustomizations = jest.fn();
    await client.permissions.getUsers();
    client.subscribeToEvents({ onRefreshCustomizations });
    await until(() => streams.length === 1);
    send('event: heartbeat\ndata: 1\n\n');
    send('event: refresh-customizations\n\n');
    await until(() => onRefreshCustomizations.mock.calls.length === 1);
    await client.permissions.getUsers();
    expect(fetches('/liana/v4/permissions/users')).toBe(1);
  });

  it('reconnects after the server closes the stream and then drops every cache', async () => {
    await client.permissions.getUsers();
    client.subscribeToEvents();
    await until(() => streams.length === 1);
    streams[0]?.end();
    await until(() => streams.length === 2);
    // The server answered; wait for the client to see the reopened stream.
    await until(() => logs.some(line => line.includes('event stream reopened')));
    await client.permissions.getUsers();
    expect(fetches('/liana/v4/permissions/users')).toBe(2);
  });

  it('backs off on 404 without crashing, doubling the delay up to the cap', async () => {
    status = 404;
    const started = Date.now();
    client.subscribeToEvents();
    await until(() => fetches('/liana/v4/subscribe-to-events') >= 5);
    // Delays 20 + 40 + 80 + 80 ms between the five attempts.
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(logs).toContain(
      `Warn: the platform at ${server.url}/liana/v4/subscribe-to-events answered 404 (no event endpoint: is the URL right?)`,
    );
    status = 200;
    await until(() => streams.length === 1);
  });

  it('keeps retrying an unreachable platform without throwing', async () => {
    const offline = createPlatformClient({
      serverUrl: 'http://127.0.0.1:1',
      envSecret: secret,
      logger: (level, message) => logs.push(`${level}: ${message}`),
      eventStream: { initialDelayMs: 5, maxDelayMs: 10 },
    });
    offline.subscribeToEvents();
    await until(() => logs.length >= 3);
    await offline.close();
    expect(logs[0]).toBe(
      'Warn: cannot reach the platform at http://127.0.0.1:1/liana/v4/subscribe-to-events',
    );
  });

  it('logs an error when no heartbeat comes in time', async () => {
    const quiet = createPlatformClient({
      serverUrl: server.url,
      envSecret: secret,
      logger: (level, message) => logs.push(`${level}: ${message}`),
      eventStream: { heartbeatTimeoutMs: 20 },
    });
    quiet.subscribeToEvents();
    await until(() => logs.some(line => line.startsWith('Error: no heartbeat')));
    await quiet.close();
    expect(logs.filter(line => line.startsWith('Error:'))).toEqual([
      'Error: no heartbeat from the event stream: is a proxy buffering it?',
    ]);
  });

  it('leaves no timer behind after close(), while waiting to reconnect or streaming', async () => {
    const before = timers();
    status = 404;
    const waiting = client.subscribeToEvents();
    await until(() => fetches('/liana/v4/subscribe-to-events') >= 2);
    await waiting.close();
    status = 200;
    const streaming = client.subscribeToEvents();
    await until(() => streams.length === 1);
    await streaming.close();
    // Sockets closing may hold a timer for a moment; a leaked heartbeat or reconnect timer would
    // stay for seconds and fail this wait.
    await until(() => timers() <= before, 1000);
    expect(timers()).toBeLessThanOrEqual(before);
    const count = fetches('/liana/v4/subscribe-to-events');
    await new Promise(resolve => setTimeout(resolve, 100));
    expect(fetches('/liana/v4/subscribe-to-events')).toBe(count);
  });
});
