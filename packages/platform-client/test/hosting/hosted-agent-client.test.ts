import express from 'express';
import { createHostedAgentClient } from '../../src/hosting';
import type { HostedAgentClient } from '../../src/hosting';
import { secret, startServer } from '../helpers/test-server';
import type { TestServer } from '../helpers/test-server';

describe('createHostedAgentClient', () => {
  let server: TestServer;
  let uploaded: Buffer | undefined;
  let publishStatus = 200;

  beforeAll(async () => {
    server = await startServer(app => {
      app.get('/api/hosted-agent/datasources', (_req, res) => {
        res.json([{ datasourceId: 1, introspection: { tables: [] } }]);
      });
      app.post('/api/hosted-agent/bundle', express.raw({ type: 'application/zip' }), (req, res) => {
        uploaded = req.body as Buffer;
        res.json({ bundleId: 42 });
      });
      app.post('/api/hosted-agent/publish', (req, res) => {
        if (publishStatus !== 200) {
          res.status(publishStatus).json({ errors: [{ detail: 'No such bundle' }] });

          return;
        }
        const { bundleId } = req.body as { bundleId: number };
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`event: progress\ndata: {"message":"Building ${bundleId}"}\n\n`);
        // The last event without its blank line, the stream closed right after.
        res.end('event: deployed\ndata: {"timestamp":"2026-12-07T00:00:00.000Z"}');
      });
      app.get('/api/hosted-agent/logs', (_req, res) => {
        res
          .status(400)
          .json({ errors: [{ detail: 'limit is wrong' }, { detail: 'from is wrong' }] });
      });
      app.get('/api/hosted-agent/last-published-code-details', (_req, res) => {
        res.status(403).json({ errors: [{ detail: 'Not a member' }] });
      });
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    publishStatus = 200;
  });

  describe.each([
    ['Node http', undefined],
    ['fetch', fetch],
  ])('through %s', (_transport, fetchImpl) => {
    let client: HostedAgentClient;
    beforeAll(() => {
      client = createHostedAgentClient({
        serverUrl: server.url,
        envSecret: secret,
        token: 'tok',
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
      });
    });

    it('sends grove-secret-key, the bearer token and JSON', async () => {
      await expect(client.getDatasources()).resolves.toEqual([
        { datasourceId: 1, introspection: { tables: [] } },
      ]);
      expect(server.requests[0]?.headers).toMatchObject({
        'grove-secret-key': secret,
        authorization: 'Bearer tok',
        'content-type': 'application/json',
      });
      expect(server.requests[0]?.headers['forest-secret-key']).toBeUndefined();
    });

    it('uploads the zip as bytes', async () => {
      const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]);

      await expect(client.uploadBundle(zip)).resolves.toBe(42);
      expect(uploaded?.equals(zip)).toBe(true);
    });

    it('reads the publish progress and its last event from the stream', async () => {
      const progress: string[] = [];

      await expect(client.publish(7, message => progress.push(message))).resolves.toEqual({
        status: 'deployed',
        timestamp: '2026-12-07T00:00:00.000Z',
      });
      expect(progress).toEqual(['Building 7']);
      expect(server.requests[0]).toMatchObject({ method: 'POST', body: { bundleId: 7 } });
    });

    it('words a refused publish with the context, the status and the details', async () => {
      publishStatus = 404;

      await expect(client.publish(7, () => undefined)).rejects.toMatchObject({
        code: 'NotFoundError',
        message:
          'Failed to publish the code customizations: Request failed with status code 404\nNo such bundle',
      });
    });

    it('words a 400 as its details, each with 🚨, and a 403 with the login hint', async () => {
      const query = { limit: 1, from: new Date(0), to: new Date(1), orderByRecentFirst: true };
      await expect(client.getLogs(query)).rejects.toMatchObject({
        code: 'ValidationError',
        message: '🚨 limit is wrong\n🚨 from is wrong',
      });
      await expect(client.getLastPublishedCodeDetails()).rejects.toMatchObject({
        code: 'ForbiddenError',
        message:
          "Failed to retrieve last published code details: Request failed with status code 403\nNot a member You can try to login again by running 'npx grove-cloud login'",
      });
    });
  });

  it('words a platform that cannot be reached with the context and the reason', async () => {
    const closed = await startServer(() => undefined);
    await closed.close();
    const client = createHostedAgentClient({
      serverUrl: closed.url,
      envSecret: secret,
      token: 't',
    });

    await expect(client.getDatasources()).rejects.toMatchObject({
      code: 'ServiceUnavailableError',
      message: expect.stringContaining(
        'Failed to retrieve database schema from the Grove platform: connect ECONNREFUSED',
      ),
    });
  });
});
