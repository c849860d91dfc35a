import {
  createForestServerSandbox,
  type ForestServerSandbox,
} from '../../src/sandbox/create-forest-server-sandbox';
import { openEventStream } from './event-stream-reader';

const envSecret = 'e'.repeat(64);
const refreshEvents = [
  { event: 'refresh-roles', data: '{}' },
  { event: 'refresh-users', data: '{}' },
  { event: 'refresh-renderings', data: '{"renderingIds":[1]}' },
];

describe('sandbox event stream', () => {
  let sandbox: ForestServerSandbox;

  beforeEach(async () => {
    // Heartbeats are slow here so that only the events under test arrive.
    sandbox = await createForestServerSandbox(0, {
      heartbeatIntervalMs: 60_000,
      logger: () => undefined,
    });
  });
  afterEach(async () => {
    await sandbox.close();
  });

  const postOverride = (body: unknown, method = 'POST'): Promise<Response> =>
    fetch(`${sandbox.url}/permission-override`, {
      method,
      headers: { 'content-type': 'application/json', 'forest-secret-key': envSecret },
      body: JSON.stringify(body),
    });

  it('answers a text/event-stream and sends a heartbeat at once', async () => {
    const stream = await openEventStream(sandbox.url, envSecret);

    expect(stream.status).toBe(200);
    expect(stream.contentType).toBe('text/event-stream');
    expect(await stream.waitFor(1)).toEqual([{ event: 'heartbeat', data: '{}' }]);
    stream.close();
  });

  it('keeps the stream open and sends periodic heartbeats', async () => {
    await sandbox.close();
    sandbox = await createForestServerSandbox(0, {
      heartbeatIntervalMs: 30,
      logger: () => undefined,
    });
    const stream = await openEventStream(sandbox.url, envSecret);
    const events = await stream.waitFor(4);

    expect(events.map(e => e.event)).toEqual(['heartbeat', 'heartbeat', 'heartbeat', 'heartbeat']);
    expect(sandbox.eventStreams(envSecret)).toEqual({ open: 1, opened: 1 });
    stream.close();
  });

  it('sends the refresh events to the streams of the overridden environment only', async () => {
    const stream = await openEventStream(sandbox.url, envSecret);
    const other = await openEventStream(sandbox.url, 'f'.repeat(64));
    await stream.waitFor(1);

    await postOverride({ orders: { collection: { editEnabled: false } } });

    expect((await stream.waitFor(4)).slice(1)).toEqual(refreshEvents);
    expect(other.events).toEqual([{ event: 'heartbeat', data: '{}' }]);
    [stream, other].forEach(s => s.close());
  });

  it('sends the refresh events when the override is cleared', async () => {
    const stream = await openEventStream(sandbox.url, envSecret);
    await stream.waitFor(1);

    await postOverride(undefined, 'DELETE');

    expect((await stream.waitFor(4)).slice(1)).toEqual(refreshEvents);
    stream.close();
  });

  it('counts a stream as closed once the agent leaves', async () => {
    const stream = await openEventStream(sandbox.url, envSecret);
    await stream.waitFor(1);
    stream.close();
    await new Promise(resolve => setTimeout(resolve, 50));

    expect(sandbox.eventStreams()).toEqual({ open: 0, opened: 1 });
  });
});
