import { createEnvironment } from '../../../src';
import { insertAgentActivityLogs } from '../../../src/routes/agent/insert-agent-activity-logs';
import type { ActorEntry } from '../../../src/routes/agent/insert-agent-activity-logs';
import { availableServers, createTestDatabase } from '../../helpers/test-databases';
import type { TestDatabase } from '../../helpers/test-databases';

describe.each(availableServers())('insertAgentActivityLogs on $name', server => {
  let test: TestDatabase;
  let environmentId: number;
  let userId: number;

  const row = (label: string, actorUserId = userId): ActorEntry => ({
    entry: {
      userId: actorUserId,
      renderingId: 1,
      type: 'read',
      action: 'list',
      collectionName: 'orders',
      recordIds: null,
      label,
      source: 'ui',
      status: 'completed',
      workflowRunId: null,
      workflowName: null,
      workflowStepName: null,
      apiTokenId: null,
    },
    actor: { userId: actorUserId, userEmail: 'ops@grove.test', renderingId: null, teamName: null },
  });

  beforeAll(async () => {
    test = await createTestDatabase(server);
    const project = await test.db.models.Project.create({ name: 'Shop' });
    environmentId = (
      await createEnvironment(test.db, null, {
        projectId: project.id,
        name: 'Production',
        agentUrl: 'http://production.test:3351',
      })
    ).environment.id;
    userId = (
      await test.db.models.User.create({
        email: 'ops@grove.test',
        firstName: 'O',
        lastName: 'P',
        permissionLevel: 'user',
      })
    ).id;
  });
  afterAll(() => test.drop());

  it('stores the largest batch (500 logs) and answers their ids in order', async () => {
    const labels = Array.from({ length: 500 }, (_v, index) => `log ${index}`);

    const ids = await insertAgentActivityLogs(
      test.db,
      environmentId,
      labels.map(label => row(label)),
    );

    expect(ids).toHaveLength(500);
    const stored = await test.db.models.ActivityLog.findAll({
      where: { id: ids.map(Number) },
      raw: true,
    });
    const labelOf = new Map(stored.map(log => [String(log.id), log.label]));
    expect(ids.map(id => labelOf.get(id))).toEqual(labels);
  });

  it('stores every value as given: quotes, JSON, unicode, nulls and numbers', async () => {
    const tricky: ActorEntry = {
      entry: {
        ...row('x').entry,
        type: 'write',
        action: 'update',
        collectionName: 'it\'s "orders"',
        recordIds: ['7', '["8"]', 'é\u0000z'],
        label: "$1 \\ '; DROP TABLE activity_logs; -- 🌳",
        status: 'pending',
        workflowName: null,
      },
      actor: { userId, userEmail: 'ops@grove.test', renderingId: 42, teamName: 'R&D "core"' },
    };

    const ids = await insertAgentActivityLogs(test.db, environmentId, [row('plain'), tricky]);

    expect(ids).toHaveLength(2);
    const plain = await test.db.models.ActivityLog.findByPk(Number(ids[0]), { raw: true });
    expect(plain).toMatchObject({
      label: 'plain',
      type: 'read',
      recordIds: null,
      renderingId: null,
    });

    const stored = await test.db.models.ActivityLog.findByPk(Number(ids[1]), { raw: true });
    expect(stored).toMatchObject({
      environmentId,
      userId,
      renderingId: 42,
      teamName: 'R&D "core"',
      type: 'write',
      action: 'update',
      collectionName: 'it\'s "orders"',
      label: "$1 \\ '; DROP TABLE activity_logs; -- 🌳",
      status: 'pending',
      workflowName: null,
      apiTokenId: null,
    });
    const recordIds = stored!.recordIds;
    expect(typeof recordIds === 'string' ? JSON.parse(recordIds) : recordIds).toEqual([
      '7',
      '["8"]',
      'é\u0000z',
    ]);
    expect(await test.db.models.ActivityLog.count()).toBeGreaterThan(500);
  });

  it('stores nothing when one row of a batch is refused (all or nothing)', async () => {
    const before = await test.db.models.ActivityLog.count();
    const rows = Array.from({ length: 59 }, (_v, index) => row(`ok ${index}`));

    await expect(
      insertAgentActivityLogs(test.db, environmentId, [...rows, row('no such user', 999_999)]),
    ).rejects.toThrow();

    expect(await test.db.models.ActivityLog.count()).toBe(before);
  });
});
