import { createPlatformClient } from '../../src';
import type { PlatformClient } from '../../src';
import { secret, startServer } from '../helpers/test-server';
import type { TestServer } from '../helpers/test-server';

describe('activity logs', () => {
  let server: TestServer;
  let client: PlatformClient;
  let missingUntilAttempt = 0;
  let attempts = 0;

  beforeAll(async () => {
    server = await startServer(app => {
      app.post('/api/activity-logs-requests/mcp', (_req, res) => {
        res.json({ data: { id: 'log-1', attributes: { index: 'logs-2026' } } });
      });
      app.patch('/api/activity-logs-requests/:index/:id/status', (_req, res) => {
        attempts += 1;
        if (attempts < missingUntilAttempt) res.status(404).json({});
        else res.status(204).end();
      });
    });
    client = createPlatformClient({ serverUrl: server.url, envSecret: secret });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    attempts = 0;
  });

  it('posts a pending log with the user token and returns its handle', async () => {
    const log = await client.postActivityLog(
      {
        type: 'write',
        action: 'update',
        label: 'updated',
        records: ['42'],
        renderingId: 34,
        collectionModelName: 'books',
      },
      { userToken: 'user-token', applicationSource: 'MCP' },
    );
    expect(log).toEqual({ id: 'log-1', index: 'logs-2026' });
    const [request] = server.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/api/activity-logs-requests/mcp',
      body: {
        type: 'write',
        action: 'update',
        label: 'updated',
        status: 'pending',
        records: ['42'],
        renderingId: '34',
        collectionModelName: 'books',
      },
    });
    expect(request?.headers.authorization).toBe('Bearer user-token');
    expect(request?.headers['forest-application-source']).toBe('MCP');
    expect(request?.headers['forest-secret-key']).toBeUndefined();
  });

  it('patches the status', async () => {
    missingUntilAttempt = 0;
    await client.updateActivityLogStatus({ id: 'log-1', index: 'logs-2026' }, 'completed', {
      userToken: 'user-token',
    });
    expect(server.requests).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: '/api/activity-logs-requests/logs-2026/log-1/status',
        body: { status: 'completed' },
      }),
    ]);
  });

  it('retries a 404 up to five attempts, then reports without throwing', async () => {
    missingUntilAttempt = 99;
    const onError = jest.fn();
    await client.updateActivityLogStatus({ id: 'x', index: 'i' }, 'failed', {
      userToken: 't',
      retryDelayMs: 1,
      onError,
    });
    expect(attempts).toBe(5);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'NotFoundError' }));
  });

  it('stops retrying once the log exists', async () => {
    missingUntilAttempt = 3;
    await client.updateActivityLogStatus({ id: 'x', index: 'i' }, 'completed', {
      userToken: 't',
      retryDelayMs: 1,
    });
    expect(attempts).toBe(3);
  });

  it('fails the pending log call with an error naming the URL when unreachable', async () => {
    const offline = createPlatformClient({ serverUrl: 'http://127.0.0.1:1', envSecret: secret });
    await expect(
      offline.postActivityLog(
        { type: 'read', action: 'index', renderingId: 1 },
        { userToken: 't' },
      ),
    ).rejects.toMatchObject({
      code: 'ServiceUnavailableError',
      message: 'cannot reach the platform at http://127.0.0.1:1/api/activity-logs-requests/mcp',
    });
  });
});
