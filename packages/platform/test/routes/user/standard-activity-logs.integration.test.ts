import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';
import {
  addTeamWithRendering,
  callWithToken,
  memberWithToken,
  renderingOf,
} from '../../helpers/user-tokens';
import type { TokenUser } from '../../helpers/user-tokens';

describe.each(availableServers())('activity logs in standard mode on $name', server => {
  let test: TestPlatform;
  let alice: TokenUser;
  let bob: TokenUser;
  let rendering: number;
  let otherTeamRendering: number;

  const url = (path: string) => `${test.platform.url}/api/activity-logs-requests${path}`;
  const logs = () =>
    test.platform.context.db.models.ActivityLog.findAll({ order: [['id', 'ASC']], raw: true });
  const mcpBody = (overrides: Record<string, unknown> = {}) => ({
    type: 'write',
    action: 'update',
    label: 'updated',
    status: 'pending',
    records: ['42'],
    renderingId: String(rendering),
    collectionModelName: 'books',
    ...overrides,
  });

  beforeAll(async () => {
    test = await startTestPlatform(server, { bootstrap: { agentUrl: 'http://agent.test:3351' } });
    alice = await memberWithToken(test.platform, 'User', 'Operations', 'alice@grove.test');
    bob = await memberWithToken(test.platform, 'User', 'Operations', 'bob@grove.test');
    rendering = await renderingOf(test.platform, 'Operations');
    otherTeamRendering = await addTeamWithRendering(test.platform, 'Support');
  });
  afterAll(() => test.stop());

  it('stores a pending log for the token user (MCP body), then completes it once', async () => {
    const created = await callWithToken(url('/mcp'), 'POST', alice.token, {
      ...mcpBody(),
      userId: bob.id,
      userEmail: bob.email,
    });

    expect(created).toEqual({
      status: 200,
      body: {
        data: { id: expect.any(String), type: 'activity-logs', attributes: { index: 'grove' } },
      },
    });
    const { id } = created.body.data;
    const row = await test.platform.context.db.models.ActivityLog.findByPk(Number(id));
    expect(row?.get({ plain: true })).toMatchObject({
      environmentId: test.platform.bootstrap!.environment.id,
      userId: alice.id,
      userEmail: alice.email,
      action: 'update',
      label: 'updated',
      collectionName: 'books',
      recordIds: ['42'],
      status: 'pending',
      type: 'write',
      source: 'mcp',
      renderingId: rendering,
      teamName: 'Operations',
    });

    const status = (value: string) =>
      callWithToken(url(`/grove/${id}/status`), 'PATCH', alice.token, { status: value });
    expect((await status('completed')).status).toBe(204);
    expect((await status('failed')).status).toBe(409);
    expect((await test.platform.context.db.models.ActivityLog.findByPk(Number(id)))?.status).toBe(
      'completed',
    );
  });

  it('stores a log from the JSON:API body', async () => {
    const created = await callWithToken(url(''), 'POST', alice.token, {
      data: {
        id: 1,
        type: 'activity-logs-requests',
        attributes: { type: 'read', action: 'index', label: null, status: 'pending', records: [] },
        relationships: {
          rendering: { data: { id: String(rendering), type: 'renderings' } },
          collection: { data: { id: 'books', type: 'collections' } },
        },
      },
    });

    expect(created.status).toBe(200);
    const row = await test.platform.context.db.models.ActivityLog.findByPk(
      Number(created.body.data.id),
    );
    expect(row?.get({ plain: true })).toMatchObject({
      userId: alice.id,
      action: 'index',
      collectionName: 'books',
      status: 'pending',
      type: 'read',
      source: 'ui',
      renderingId: rendering,
      teamName: 'Operations',
    });
  });

  it.each([
    ['no token', undefined, () => mcpBody(), 401],
    ['an unknown token', 'x'.repeat(43), () => mcpBody(), 401],
    [
      'another team’s rendering',
      'alice',
      () => mcpBody({ renderingId: String(otherTeamRendering) }),
      403,
    ],
    ['no rendering', 'alice', () => mcpBody({ renderingId: undefined }), 403],
    ['a rendering that does not exist', 'alice', () => mcpBody({ renderingId: '999999' }), 403],
    ['no action', 'alice', () => mcpBody({ action: undefined }), 400],
    ['a bad type', 'alice', () => mcpBody({ type: 'delete' }), 400],
    ['a status other than pending', 'alice', () => mcpBody({ status: 'completed' }), 400],
    ['a label too long', 'alice', () => mcpBody({ label: 'x'.repeat(1025) }), 400],
    ['an action too long', 'alice', () => mcpBody({ action: 'x'.repeat(65) }), 400],
    [
      'too many records',
      'alice',
      () => mcpBody({ records: Array.from({ length: 1001 }, (_, n) => String(n)) }),
      400,
    ],
    ['a record that is an object', 'alice', () => mcpBody({ records: [{ id: 1 }] }), 400],
    ['a body past 64 KiB', 'alice', () => mcpBody({ label: 'x'.repeat(70 * 1024) }), 413],
  ])('refuses a log with %s, storing nothing', async (_case, who, body, expected) => {
    const before = await logs();
    const token = who === 'alice' ? alice.token : who;
    const response = await callWithToken(url('/mcp'), 'POST', token, body());

    expect(response.status).toBe(expected);
    expect(response.body.errors[0]).toMatchObject({ status: expected });
    expect(await logs()).toEqual(before);
  });

  it('lets only the log’s user change its status, to completed or failed', async () => {
    const created = await callWithToken(url('/mcp'), 'POST', alice.token, mcpBody());
    const { id } = created.body.data;
    const patch = (token: string | undefined, path: string, status: unknown) =>
      callWithToken(url(path), 'PATCH', token, { status });
    const before = await logs();

    expect((await patch(undefined, `/grove/${id}/status`, 'failed')).status).toBe(401);
    expect((await patch(bob.token, `/grove/${id}/status`, 'failed')).status).toBe(404);
    expect((await patch(alice.token, `/other/${id}/status`, 'failed')).status).toBe(404);
    expect((await patch(alice.token, '/grove/999999/status', 'failed')).status).toBe(404);
    expect((await patch(alice.token, `/grove/${id}/status`, 'pending')).status).toBe(400);
    expect((await patch(alice.token, `/grove/${id}/status`, 'done')).status).toBe(400);
    expect((await patch(alice.token, `/grove/${id}/status`, ['failed'])).status).toBe(400);
    expect(await logs()).toEqual(before);

    expect((await patch(alice.token, `/grove/${id}/status`, 'failed')).status).toBe(204);
  });
});
