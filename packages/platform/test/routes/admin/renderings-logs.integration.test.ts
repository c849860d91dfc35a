import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';
import {
  expectNothingChanged,
  loginBootstrapAdmin,
  recordEvents,
} from '../../helpers/admin-client';
import type { AdminClient } from '../../helpers/admin-client';

describe.each(availableServers())('admin renderings and admin logs on $name', server => {
  let test: TestPlatform;
  let admin: AdminClient;
  let projectId: number;
  let environmentId: number;
  let teamId: number;
  let renderingId: number;
  let path: string;

  beforeEach(async () => {
    test = await startTestPlatform(server);
    admin = await loginBootstrapAdmin(test.platform);
    projectId = test.platform.bootstrap!.project.id;
    environmentId = test.platform.bootstrap!.environment.id;
    const { models } = test.platform.context.db;
    teamId = (await models.Team.findOne({ where: { projectId } }))!.id;
    renderingId = (await models.Rendering.findOne({ where: { teamId, environmentId } }))!.id;
    path = `/api/admin/projects/${projectId}/environments/${environmentId}/teams/${teamId}/rendering`;
  });

  afterEach(async () => {
    await test.stop();
  });

  const unchanged = (run: () => Promise<void>) => expectNothingChanged(test.platform, run);
  const refreshed = () => ({
    environmentId,
    name: 'refresh-renderings',
    data: { renderingIds: [renderingId] },
  });

  it('reads and replaces a rendering', async () => {
    const read = await admin.call('GET', path);
    expect(read.body.data).toEqual({
      id: renderingId,
      teamId,
      environmentId,
      collections: {},
      stats: [],
      team: { id: teamId, name: 'Operations' },
    });
    const rendering = {
      collections: {
        books: {
          scope: {
            aggregator: 'and',
            conditions: [{ field: 'ownerId', operator: 'equal', value: '{{currentUser.id}}' }],
          },
          segments: ['SELECT id FROM books WHERE price < 10'],
          liveQuerySegments: [
            { connectionName: 'main', query: 'SELECT id FROM books WHERE price < 10' },
          ],
        },
      },
      stats: [
        {
          type: 'Value',
          sourceCollectionName: 'books',
          aggregator: 'Count',
          aggregateFieldName: null,
          filter: null,
        },
      ],
    };
    const { events, stop } = recordEvents(test.platform);
    const replaced = await admin.call('PUT', path, rendering);
    stop();

    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject(rendering);
    expect(events).toEqual([refreshed()]);
    expect((await admin.call('GET', path)).body.data).toMatchObject(rendering);
  });

  it('sets one scope, segments and stats, each logged with its previous value', async () => {
    const scope = {
      aggregator: 'or',
      conditions: [
        { field: 'region', operator: 'in', value: ['{{currentUser.tags.region}}', 'GLOBAL'] },
        { field: 'author:teamName', operator: 'equal', value: '{{currentUser.team.name}}' },
        { field: 'archivedAt', operator: 'blank' },
      ],
    };
    const { events, stop } = recordEvents(test.platform);
    expect((await admin.call('PUT', `${path}/collections/books/scope`, { scope })).status).toBe(
      200,
    );
    expect(
      (
        await admin.call('PUT', `${path}/collections/books/segments`, {
          segments: ['SELECT id FROM books'],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.call('PUT', `${path}/stats`, {
          stats: [{ type: 'Pie', sourceCollectionName: 'books' }],
        })
      ).status,
    ).toBe(200);
    expect(
      (await admin.call('PUT', `${path}/collections/books/scope`, { scope: null })).status,
    ).toBe(200);
    stop();

    expect(events).toEqual(Array(4).fill(refreshed()));
    const read = await admin.call('GET', path);
    expect(read.body.data.collections).toEqual({
      books: { scope: null, segments: ['SELECT id FROM books'], liveQuerySegments: [] },
    });
    const logs = await admin.call('GET', `/api/admin/projects/${projectId}/admin-logs?limit=4`);
    expect(logs.body.data.map((log: { action: string }) => log.action)).toEqual([
      'update-scope',
      'update-stats',
      'update-segments',
      'update-scope',
    ]);
    expect(logs.body.data[0]).toMatchObject({
      resourceType: 'rendering',
      resourceId: String(renderingId),
      previousValues: { collection: 'books', scope },
      newValues: { collection: 'books', scope: null },
    });
  });

  it('refuses malformed scope trees (400) and changes nothing', async () => {
    const leaf = { field: 'ownerId', operator: 'equal', value: 1 };
    let deep: unknown = leaf;
    for (let i = 0; i < 12; i += 1) deep = { aggregator: 'and', conditions: [deep] };
    const malformed: unknown[] = [
      'ownerId = 1',
      [leaf],
      { aggregator: 'xor', conditions: [leaf] },
      { aggregator: 'and', conditions: [] },
      { aggregator: 'and', conditions: leaf },
      { aggregator: 'and', conditions: [leaf], extra: 1 },
      { field: 'ownerId', operator: 'Equal', value: 1 },
      { field: 'ownerId', operator: 'drop_table', value: 1 },
      { field: '', operator: 'equal', value: 1 },
      { field: 'ownerId', operator: 'equal', value: { $ne: null } },
      { field: 'ownerId', operator: 'in', value: [[1]] },
      { field: 'ownerId', operator: 'equal', value: '{{process.env.SECRET}}' },
      { field: 'ownerId', operator: 'equal', value: 'x'.repeat(5000) },
      { field: 'ownerId', operator: 'equal', value: 1, sql: 'DROP TABLE users' },
      deep,
      { aggregator: 'or', conditions: Array(300).fill(leaf) },
    ];
    await unchanged(async () => {
      for (const scope of malformed) {
        const response = await admin.call('PUT', `${path}/collections/books/scope`, { scope });
        expect(response.status).toBe(400);
      }
      expect(
        (await admin.call('PUT', path, { collections: { books: { scope: malformed[2] } } })).status,
      ).toBe(400);
      expect(
        (await admin.call('PUT', path, { collections: { books: { filter: null } } })).status,
      ).toBe(400);
      expect((await admin.call('PUT', `${path}/stats`, { stats: [{ no: 'type' }] })).status).toBe(
        400,
      );
      expect(
        (await admin.call('PUT', `${path}/collections/books/segments`, { segments: [''] })).status,
      ).toBe(400);
      expect(
        (
          await admin.call('PUT', `${path}/collections/books/segments`, {
            liveQuerySegments: [{ query: 'SELECT 1' }],
          })
        ).status,
      ).toBe(400);
    });
  });

  it('does not reach a rendering through another project', async () => {
    const other = await admin.call('POST', '/api/admin/projects', { name: 'Other' });
    const otherPath = `/api/admin/projects/${other.body.data.id}/environments/${environmentId}/teams/${teamId}/rendering`;
    await unchanged(async () => {
      expect((await admin.call('GET', otherPath)).status).toBe(404);
      expect(
        (await admin.call('PUT', `${otherPath}/collections/books/scope`, { scope: null })).status,
      ).toBe(404);
    });
  });

  // The admin logs page by cursor now (admin-logs.integration.test.ts covers filters, exports).
  it('pages the admin logs, newest first', async () => {
    for (const name of ['A', 'B', 'C'])
      await admin.call('POST', `/api/admin/projects/${projectId}/teams`, { name });
    const first = await admin.call('GET', `/api/admin/projects/${projectId}/admin-logs?limit=2`);
    const second = await admin.call(
      'GET',
      `/api/admin/projects/${projectId}/admin-logs?limit=2&cursor=${first.body.meta.nextCursor}`,
    );

    expect(first.body.meta.nextCursor).toEqual(expect.any(String));
    expect(first.body.data.map((log: { newValues: unknown }) => log.newValues)).toEqual([
      { name: 'C' },
      { name: 'B' },
    ]);
    expect(second.body.data[0].newValues).toEqual({ name: 'A' });
    expect(
      (await admin.call('GET', `/api/admin/projects/${projectId}/admin-logs?limit=1000`)).status,
    ).toBe(400);
    expect(
      (await admin.call('GET', `/api/admin/projects/${projectId}/admin-logs?limit=-1`)).status,
    ).toBe(400);
  });
});
