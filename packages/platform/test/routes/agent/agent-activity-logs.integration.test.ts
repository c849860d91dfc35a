import {
  PlatformHttp,
  postAgentActivityLogs,
  setAgentActivityLogStatus,
  setAgentActivityLogStatuses,
} from '@grove/platform-client';
import type { AgentActivityLogEntry } from '@grove/platform-client';

import { createEnvironment } from '../../../src';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';
import { renderingOf } from '../../helpers/user-tokens';

describe.each(availableServers())('agent activity logs (env secret) on $name', server => {
  let test: TestPlatform;
  let http: PlatformHttp;
  let member: number;
  let outsider: number;
  let notInTeam: number;
  let rendering: number;
  let foreignRendering: number;
  let otherEnvSecret: string;

  const models = () => test.platform.context.db.models;
  const count = () => models().ActivityLog.count();
  const entry = (overrides: Partial<AgentActivityLogEntry> = {}): AgentActivityLogEntry => ({
    userId: member,
    renderingId: rendering,
    type: 'write',
    action: 'update',
    collectionName: 'orders',
    recordIds: ['42'],
    label: 'updated',
    source: 'ui',
    status: 'pending',
    ...overrides,
  });
  const post = (body: unknown, secret = test.platform.bootstrap!.envSecret) =>
    fetch(`${test.platform.url}/liana/v1/activity-logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'forest-secret-key': secret },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    test = await startTestPlatform(server);
    const { bootstrap } = test.platform;
    const projectId = bootstrap!.project.id;
    http = new PlatformHttp({ serverUrl: test.platform.url, envSecret: bootstrap!.envSecret });
    rendering = await renderingOf(test.platform, 'Operations');
    const team = (await models().Rendering.findByPk(rendering))!.teamId;
    const role = await models().Role.findOne({ where: { projectId, name: 'Editor' } });
    const user = async (email: string, inProject: boolean, inTeam: boolean) => {
      const created = await models().User.create({
        email,
        firstName: 'F',
        lastName: 'L',
        permissionLevel: 'user',
      });
      if (inProject) {
        await models().ProjectMember.create({ projectId, userId: created.id, roleId: role!.id });
      }
      if (inTeam) await models().TeamMember.create({ teamId: team, userId: created.id });

      return created.id;
    };
    member = await user('member@grove.test', true, true);
    notInTeam = await user('elsewhere@grove.test', true, false);
    outsider = await user('outsider@grove.test', false, true);
    const other = await createEnvironment(test.platform.context.db, null, {
      projectId,
      name: 'Staging',
      agentUrl: 'http://staging.test:3351',
    });
    otherEnvSecret = other.envSecret;
    foreignRendering = (await models().Rendering.findOne({
      where: { environmentId: other.environment.id, teamId: team },
    }))!.id;
  });
  afterAll(() => test.stop());

  it('stores a batch in order with the team name copied in, then completes a write once', async () => {
    const read = entry({
      type: 'read',
      action: 'index',
      recordIds: undefined,
      status: 'completed',
    });
    const delegated = entry({
      source: 'webhook',
      workflowRunId: '3f1c1e0e-0000-4000-8000-000000000000',
      workflowName: 'Refund',
      workflowStepName: 'Refund order',
    });
    const ids = await postAgentActivityLogs(http, [entry(), read, delegated]);

    expect(ids).toHaveLength(3);
    const rows = (
      await models().ActivityLog.findAll({ where: { id: ids.map(Number) }, order: [['id', 'ASC']] })
    ).map(row => row.get({ plain: true }));
    expect(rows.map(row => String(row.id))).toEqual(ids);
    expect(rows[0]).toMatchObject({
      environmentId: test.platform.bootstrap!.environment.id,
      userId: member,
      userEmail: 'member@grove.test',
      renderingId: rendering,
      teamName: 'Operations',
      type: 'write',
      action: 'update',
      collectionName: 'orders',
      recordIds: ['42'],
      label: 'updated',
      source: 'ui',
      status: 'pending',
    });
    expect(rows[1]).toMatchObject({ type: 'read', action: 'index', status: 'completed' });
    expect(rows[2]).toMatchObject({
      source: 'webhook',
      workflowRunId: '3f1c1e0e-0000-4000-8000-000000000000',
      workflowName: 'Refund',
      workflowStepName: 'Refund order',
    });

    await setAgentActivityLogStatus(http, ids[0]!, 'completed');
    expect((await models().ActivityLog.findByPk(Number(ids[0])))?.status).toBe('completed');
    await expect(setAgentActivityLogStatus(http, ids[0]!, 'failed')).rejects.toMatchObject({
      code: 'ConflictError',
    });
    expect((await models().ActivityLog.findByPk(Number(ids[0])))?.status).toBe('completed');
  });

  it.each([
    ['a user who is not a member of the project', () => entry({ userId: outsider }), 403],
    ['a member who is not in the rendering team', () => entry({ userId: notInTeam }), 403],
    ['an unknown user', () => entry({ userId: 999_999 }), 403],
    ['a rendering of another environment', () => entry({ renderingId: foreignRendering }), 403],
    ['an unknown rendering', () => entry({ renderingId: 999_999 }), 403],
    ['an unknown type', () => entry({ type: 'delete' as 'read' }), 400],
    ['an unknown source', () => entry({ source: 'cli' as 'ui' }), 400],
    ['a failed status', () => entry({ status: 'failed' as 'pending' }), 400],
    ['no action', () => entry({ action: '' }), 400],
    ['a numeric record id', () => entry({ recordIds: [42 as unknown as string] }), 400],
    ['1 001 record ids', () => entry({ recordIds: Array.from({ length: 1001 }, () => '1') }), 400],
    ['a label past 1 024 characters', () => entry({ label: 'x'.repeat(1025) }), 400],
    ['a user id that is not an id', () => entry({ userId: -1 }), 400],
  ])('refuses a batch with %s, writing nothing', async (_name, bad, status) => {
    const before = await count();
    const response = await post({ logs: [entry(), bad()] });

    expect(response.status).toBe(status);
    expect(((await response.json()) as { errors: { detail: string }[] }).errors[0]!.detail).toMatch(
      /^logs\[1\]: /,
    );
    expect(await count()).toBe(before);
  });

  it.each([
    ['501 entries', () => ({ logs: Array.from({ length: 501 }, () => entry()) }), 400],
    ['no entries', () => ({ logs: [] }), 400],
    ['no logs list', () => ({ log: entry() }), 400],
    ['malformed JSON', () => '{"logs": [', 400],
    ['a body past 4 MiB', () => ({ logs: [entry({ label: 'x'.repeat(5 * 1024 * 1024) })] }), 413],
  ])('refuses %s, writing nothing', async (_name, body, status) => {
    const before = await count();

    expect((await post(body())).status).toBe(status);
    expect(await count()).toBe(before);
  });

  it('answers 401 to a wrong or missing env secret, writing nothing', async () => {
    const before = await count();

    expect((await post({ logs: [entry()] }, 'f'.repeat(64))).status).toBe(401);
    expect((await post({ logs: [entry()] }, '')).status).toBe(401);
    const wrong = new PlatformHttp({ serverUrl: test.platform.url, envSecret: 'f'.repeat(64) });
    await expect(postAgentActivityLogs(wrong, [entry()])).rejects.toMatchObject({
      code: 'UnauthorizedError',
    });
    expect(await count()).toBe(before);
  });

  it("answers 404 to a status change of another environment's log, or of none", async () => {
    const [id] = await postAgentActivityLogs(http, [entry()]);
    const other = new PlatformHttp({ serverUrl: test.platform.url, envSecret: otherEnvSecret });

    await expect(setAgentActivityLogStatus(other, id!, 'failed')).rejects.toMatchObject({
      code: 'NotFoundError',
    });
    await expect(setAgentActivityLogStatus(http, '999999', 'failed')).rejects.toMatchObject({
      code: 'NotFoundError',
    });
    await expect(setAgentActivityLogStatus(http, id!, 'pending' as 'failed')).rejects.toMatchObject(
      { code: 'ValidationError' },
    );
    expect((await models().ActivityLog.findByPk(Number(id)))?.status).toBe('pending');
  });

  it('sets many final statuses in one call, each log once, and says what it did with each', async () => {
    const ids = await postAgentActivityLogs(http, [entry(), entry(), entry(), entry()]);
    const [a, b, c, d] = ids as [string, string, string, string];
    await setAgentActivityLogStatus(http, d, 'completed');
    const other = new PlatformHttp({ serverUrl: test.platform.url, envSecret: otherEnvSecret });
    const [foreign] = await postAgentActivityLogs(other, [
      entry({ renderingId: foreignRendering }),
    ]);

    const outcomes = await setAgentActivityLogStatuses(http, [
      { id: a, status: 'completed' },
      { id: b, status: 'failed' },
      { id: foreign!, status: 'failed' },
      { id: '999999', status: 'completed' },
      { id: d, status: 'failed' },
    ]);

    expect(outcomes).toEqual(['updated', 'updated', 'not_found', 'not_found', 'not_pending']);
    const statusOf = async (id: string) =>
      (await models().ActivityLog.findByPk(Number(id)))!.status;
    expect(await statusOf(a)).toBe('completed');
    expect(await statusOf(b)).toBe('failed');
    expect(await statusOf(c)).toBe('pending');
    expect(await statusOf(d)).toBe('completed');
    expect(await statusOf(foreign!)).toBe('pending');
    // A second call changes nothing: a log is final once.
    expect(await setAgentActivityLogStatuses(http, [{ id: a, status: 'failed' }])).toEqual([
      'not_pending',
    ]);
    expect(await statusOf(a)).toBe('completed');
  });

  it.each([
    ['no logs list', { status: 'completed' }],
    ['an empty list', { logs: [] }],
    [
      '501 updates',
      { logs: Array.from({ length: 501 }, (_v, i) => ({ id: String(i + 1), status: 'failed' })) },
    ],
    ['a status that is not final', { logs: [{ id: '1', status: 'pending' }] }],
    ['an id that is not one', { logs: [{ id: '1 OR 1=1', status: 'failed' }] }],
    [
      'an id twice',
      {
        logs: [
          { id: '1', status: 'failed' },
          { id: '1', status: 'completed' },
        ],
      },
    ],
  ])('refuses %s with a 400, changing nothing', async (_name, body) => {
    const [id] = await postAgentActivityLogs(http, [entry()]);
    const withPending = JSON.parse(
      JSON.stringify(body).replace(/"id":"1"/g, `"id":"${id}"`),
    ) as unknown;
    const response = await fetch(`${test.platform.url}/liana/v1/activity-logs/status`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        'forest-secret-key': test.platform.bootstrap!.envSecret,
      },
      body: JSON.stringify(withPending),
    });

    expect(response.status).toBe(400);
    expect((await models().ActivityLog.findByPk(Number(id)))?.status).toBe('pending');
  });

  it('answers 401 to a status batch without the env secret, changing nothing', async () => {
    const [id] = await postAgentActivityLogs(http, [entry()]);
    const wrong = new PlatformHttp({ serverUrl: test.platform.url, envSecret: 'f'.repeat(64) });

    await expect(
      setAgentActivityLogStatuses(wrong, [{ id: id!, status: 'failed' }]),
    ).rejects.toMatchObject({ code: 'UnauthorizedError' });
    expect((await models().ActivityLog.findByPk(Number(id)))?.status).toBe('pending');
  });
});
