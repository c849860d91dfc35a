import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createEnvironment, createPlatform } from '../../../src';
import { countListeners, waitFor } from '../../helpers/count-listeners';
import { availableServers } from '../../helpers/test-databases';
import { openEventStream } from '../../helpers/sse-reader';
import { createTestPlatformDatabase, startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';
import { describeOrSkip, missingEnv } from '@grove/datasource-toolkit/testing';

describe.each(availableServers())('event stream on $name', server => {
  let test: TestPlatform;
  let listeners: () => number;

  beforeEach(async () => {
    test = await startTestPlatform(server, { heartbeatIntervalMs: 20 });
    listeners = countListeners(test.platform.context.events);
  });

  afterEach(async () => {
    await test.stop();
  });

  it('sends a heartbeat at once, then again and again', async () => {
    const stream = await openEventStream(test.platform.url, test.platform.bootstrap!.envSecret);

    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toContain('no-cache');
    for (let n = 0; n < 3; n += 1) {
      expect(await stream.next()).toEqual({ event: 'heartbeat', data: '{}' });
    }
    stream.abort();
  });

  it("forwards the events of the stream's environment only", async () => {
    const { context, bootstrap } = test.platform;
    const other = await createEnvironment(context.db, null, {
      projectId: bootstrap!.project.id,
      name: 'Production',
    });
    const stream = await openEventStream(test.platform.url, bootstrap!.envSecret);
    await stream.next();

    await context.events.publish({
      environmentId: other.environment.id,
      name: 'refresh-users',
      data: {},
    });
    await context.events.publish({
      environmentId: bootstrap!.environment.id,
      // A name that would forge SSE fields (from a tampered Redis channel) is never forwarded.
      name: 'refresh-users\ndata: forged' as 'refresh-users',
      data: {},
    });
    await context.events.publish({
      environmentId: bootstrap!.environment.id,
      name: 'refresh-renderings',
      data: { renderingIds: [3, 4] },
    });
    await context.events.publish({
      environmentId: bootstrap!.environment.id,
      name: 'refresh-roles',
      data: {},
    });

    const received = [];
    for (;;) {
      const event = await stream.next();
      if (event === null) break;
      if (event.event !== 'heartbeat') received.push(event);
      if (event.event === 'refresh-roles') break;
    }
    expect(received).toEqual([
      { event: 'refresh-renderings', data: '{"renderingIds":[3,4]}' },
      { event: 'refresh-roles', data: '{}' },
    ]);
    stream.abort();
  });

  it('stops listening to the bus when the client disconnects', async () => {
    const { url, bootstrap } = test.platform;
    const streams = await Promise.all(
      [1, 2, 3].map(() => openEventStream(url, bootstrap!.envSecret)),
    );
    for (const stream of streams) await stream.next();
    expect(listeners()).toBe(3);

    for (const stream of streams) stream.abort();
    await waitFor(() => listeners() === 0);
    expect(listeners()).toBe(0);
  });

  it('ends open streams when the platform closes', async () => {
    const stream = await openEventStream(test.platform.url, test.platform.bootstrap!.envSecret);
    await stream.next();

    const closed = test.platform.close();
    expect(await stream.until(() => false)).toBeNull();
    await closed;
    expect(listeners()).toBe(0);
  });

  it('answers 401, never 404, to a missing or wrong secret, and subscribes nothing', async () => {
    for (const headers of [{}, { 'forest-secret-key': 'f'.repeat(64) }] as Record<
      string,
      string
    >[]) {
      const response = await fetch(`${test.platform.url}/liana/v4/subscribe-to-events`, {
        headers,
      });
      expect(response.status).toBe(401);
      await response.body?.cancel();
    }
    expect(listeners()).toBe(0);
  });
});

describe('event stream of a platform mounted in a host server', () => {
  it('ends when the platform closes, though the host server keeps listening', async () => {
    const database = await createTestPlatformDatabase({ name: 'SQLite', url: 'sqlite' });
    const platform = await createPlatform({
      publicUrl: 'http://platform.example.com',
      database: database.options,
      logger: () => undefined,
    });
    const host = createServer(platform.app);
    await new Promise<void>(resolve => host.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
      const stream = await openEventStream(url, platform.bootstrap!.envSecret);
      expect(await stream.next()).toEqual({ event: 'heartbeat', data: '{}' });

      await platform.close();
      expect(await stream.until(() => false)).toBeNull();
      expect(host.listening).toBe(true);
    } finally {
      await platform.close();
      host.closeAllConnections();
      await new Promise(resolve => host.close(resolve));
      await database.drop();
    }
  });
});

const redisUrl = process.env.REDIS_URL;

describeOrSkip(missingEnv('REDIS_URL'), 'event stream across platform processes', () => {
  it('forwards an event published by another process of the deployment', async () => {
    const first = await startTestPlatform({ name: 'SQLite', url: 'sqlite' }, { redisUrl });
    const second = await createPlatform({
      port: 0,
      logger: () => undefined,
      redisUrl,
      database: first.database.options,
    });
    try {
      const stream = await openEventStream(first.platform.url, first.platform.bootstrap!.envSecret);
      await stream.next();
      // The Redis channel is shared by every test run: a random rendering id marks ours.
      const renderingId = Math.floor(Math.random() * 1e9);
      await second.context.events.publish({
        environmentId: first.platform.bootstrap!.environment.id,
        name: 'refresh-renderings',
        data: { renderingIds: [renderingId] },
      });

      expect(
        await stream.until(event => event.data === JSON.stringify({ renderingIds: [renderingId] })),
      ).toEqual({ event: 'refresh-renderings', data: `{"renderingIds":[${renderingId}]}` });
      stream.abort();
    } finally {
      await second.close();
      await first.stop();
    }
  });
});
