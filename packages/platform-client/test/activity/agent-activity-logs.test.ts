import { createPlatformClient } from '../../src';
import type { AgentActivityLogEntry, PlatformClient } from '../../src';
import { secret, startServer } from '../helpers/test-server';
import type { TestServer } from '../helpers/test-server';

const entry: AgentActivityLogEntry = {
  userId: 3,
  renderingId: 7,
  type: 'write',
  action: 'update',
  collectionName: 'books',
  recordIds: ['42'],
  label: 'updated',
  source: 'ui',
  status: 'pending',
};

describe('agent activity logs', () => {
  let server: TestServer;
  let client: PlatformClient;

  beforeAll(async () => {
    server = await startServer(app => {
      app.post('/liana/v1/activity-logs', (req, res) => {
        if (req.get('forest-secret-key') !== secret) {
          res.status(401).json({ errors: [{ status: 401, detail: 'wrong secret' }] });

          return;
        }
        const { logs } = req.body as { logs: unknown[] };
        res.json({ data: logs.map((_log, index) => ({ id: String(100 + index) })) });
      });
      app.patch('/liana/v1/activity-logs/status', (req, res) => {
        const { logs } = req.body as { logs: Array<{ id: string }> };
        const outcomes: Record<string, string> = { '1': 'updated', '2': 'not_pending' };
        res.json({ data: logs.map(({ id }) => ({ id, outcome: outcomes[id] ?? 'not_found' })) });
      });
      app.patch('/liana/v1/activity-logs/:id/status', (req, res) => {
        if (req.params.id === '404') res.status(404).json({ errors: [{ detail: 'No log' }] });
        else res.status(204).end();
      });
    });
    client = createPlatformClient({ serverUrl: server.url, envSecret: secret });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('posts the entries with the env secret and answers their ids in order', async () => {
    const ids = await client.postAgentActivityLogs([entry, { ...entry, status: 'completed' }]);

    expect(ids).toEqual(['100', '101']);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/liana/v1/activity-logs',
      body: { logs: [entry, { ...entry, status: 'completed' }] },
    });
    expect(server.requests[0]?.headers['forest-secret-key']).toBe(secret);
  });

  it('throws the platform error of a refused batch', async () => {
    const other = createPlatformClient({ serverUrl: server.url, envSecret: 'b'.repeat(64) });

    await expect(other.postAgentActivityLogs([entry])).rejects.toMatchObject({
      code: 'UnauthorizedError',
    });
  });

  it('sets a status with the env secret', async () => {
    await client.setAgentActivityLogStatus('12', 'failed');

    expect(server.requests[0]).toMatchObject({
      method: 'PATCH',
      path: '/liana/v1/activity-logs/12/status',
      body: { status: 'failed' },
    });
    expect(server.requests[0]?.headers['forest-secret-key']).toBe(secret);
  });

  it('sets many statuses in one call and answers what happened to each, in order', async () => {
    const outcomes = await client.setAgentActivityLogStatuses([
      { id: '2', status: 'failed' },
      { id: '1', status: 'completed' },
      { id: '3', status: 'completed' },
    ]);

    expect(outcomes).toEqual(['not_pending', 'updated', 'not_found']);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      method: 'PATCH',
      path: '/liana/v1/activity-logs/status',
      body: {
        logs: [
          { id: '2', status: 'failed' },
          { id: '1', status: 'completed' },
          { id: '3', status: 'completed' },
        ],
      },
    });
    expect(server.requests[0]?.headers['forest-secret-key']).toBe(secret);
  });

  it('throws when the status is refused', async () => {
    await expect(client.setAgentActivityLogStatus('404', 'completed')).rejects.toMatchObject({
      code: 'NotFoundError',
    });
  });
});
