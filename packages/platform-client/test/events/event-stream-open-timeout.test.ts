import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createPlatformClient } from '../../src';
import type { PlatformClient } from '../../src';
import { secret } from '../helpers/test-server';

const until = async (check: () => boolean, timeoutMs = 5000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise(resolve => setTimeout(resolve, 5));
  }
};

// docs/platform-protocol.md#event-stream: an opening that gets no answer is retried.
describe('event stream opening on a server that accepts and never answers', () => {
  let server: Server;
  let client: PlatformClient;
  const sockets: Socket[] = [];
  let answering = false;
  const requests: string[] = [];

  beforeAll(async () => {
    // A raw TCP server: while `answering` is false it reads and never writes (a platform whose
    // port is bound before it serves); then it answers the event stream with a heartbeat.
    server = createServer(socket => {
      sockets.push(socket);
      socket.on('data', chunk => {
        requests.push(String(chunk).split('\r\n')[0]!);
        if (!answering) return;
        socket.write(
          'HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\nevent: heartbeat\ndata: \n\nevent: refresh-users\ndata: \n\n',
        );
      });
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await client.close();
    for (const socket of sockets) socket.destroy();
    await new Promise(resolve => server.close(resolve));
  });

  it('times the opening out, reconnects, and opens once the server answers', async () => {
    client = createPlatformClient({
      serverUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      envSecret: secret,
      eventStream: { initialDelayMs: 20, maxDelayMs: 40, openTimeoutMs: 200 },
    });
    const subscription = client.subscribeToEvents();
    // Two openings got no answer: the first was timed out, not left waiting.
    await until(() => requests.length >= 2);
    expect(requests.slice(0, 2)).toEqual(
      Array(2).fill('GET /liana/v4/subscribe-to-events HTTP/1.1'),
    );

    answering = true;
    const opened = requests.length;
    const invalidate = jest.spyOn(client.permissions, 'invalidate');
    await until(() => invalidate.mock.calls.length > 0);
    // The stream opened on a later attempt and its events reach the client.
    expect(requests.length).toBeGreaterThan(opened);
    expect(invalidate).toHaveBeenCalledWith('users');
    await subscription.close();
  });
});
