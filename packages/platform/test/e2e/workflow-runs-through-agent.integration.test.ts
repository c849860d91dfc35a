import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createAgent } from '@grove/agent';
import { createSqlDataSource } from '@grove/datasource-sql';
import { Sequelize } from 'sequelize';

import { STALE_WORKFLOW_RUN_MS, createPlatform, startWorkflowRun } from '../../src';
import type { WorkflowRunStart } from '../../src';
import { addMember, loginBootstrapAdmin } from '../helpers/admin-client';
import type { AdminClient } from '../helpers/admin-client';
import { createShopDatabase } from '../helpers/agents-under-test';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';

jest.setTimeout(60_000);

interface AgentCall {
  readonly action: string;
  readonly userId: number;
  readonly delegation: unknown;
}

describe.each(availableServers())('workflow runs through a Grove agent on $name', server => {
  let test: TestPlatform;
  let admin: AdminClient;
  let directory: string;
  let shop: Sequelize;
  let agent: ReturnType<typeof createAgent>;
  const calls: AgentCall[] = [];
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  const users: Record<'editor' | 'user' | 'outsider', { id: number; email: string }> = {
    editor: { id: 0, email: 'editor@grove.test' },
    user: { id: 0, email: 'user@grove.test' },
    outsider: { id: 0, email: 'outsider@grove.test' },
  };
  const workflows: Record<'ship' | 'broken' | 'hold', number> = { ship: 0, broken: 0, hold: 0 };
  let apiTokenId: number;
  let renderingId: number;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'grove-workflow-e2e-'));
    const databasePath = join(directory, 'shop.sqlite');
    await createShopDatabase(databasePath);
    shop = new Sequelize({ dialect: 'sqlite', storage: databasePath, logging: false });
    test = await startTestPlatform(server, { bootstrap: { agentUrl: 'http://127.0.0.1:9' } });
    admin = await loginBootstrapAdmin(test.platform);
    const { models } = test.platform.context.db;
    const { project, environment } = test.platform.bootstrap!;
    const roles = await models.Role.findAll({ where: { projectId: project.id } });
    const roleId = (name: string) => roles.find(role => role.name === name)!.id;
    // Editors may trigger every action; Users all but `Set status`. Set before the agent caches
    // the rights, as are the users (the agent caches the user list too).
    for (const actionName of ['Set status', 'Mark audited', 'Fail on purpose', 'Archive', 'Hold']) {
      await models.RoleActionRight.create({
        roleId: roleId('Editor'),
        collectionName: 'orders',
        actionName,
        trigger: true,
      });
      await models.RoleActionRight.create({
        roleId: roleId('User'),
        collectionName: 'orders',
        actionName,
        trigger: actionName !== 'Set status',
      });
    }
    const team = await models.Team.findOne({
      where: { projectId: project.id, name: 'Operations' },
    });
    renderingId = (await models.Rendering.findOne({
      where: { teamId: team!.id, environmentId: environment.id },
    }))!.id;
    users.editor.id = await addMember(test.platform, project.id, 'Editor', users.editor.email);
    users.user.id = await addMember(test.platform, project.id, 'User', users.user.email);
    users.outsider.id = await addMember(test.platform, project.id, 'Editor', users.outsider.email);
    await models.TeamMember.create({ teamId: team!.id, userId: users.editor.id });
    await models.TeamMember.create({ teamId: team!.id, userId: users.user.id });
    const token = await models.ApiToken.create({
      projectId: project.id,
      userId: users.editor.id,
      name: 'ci',
      tokenHash: 'f'.repeat(64),
      displayHint: 'grove_ffff…ffff',
      level: 'read-write',
      scopes: [],
    });
    apiTokenId = token.id;

    const record = (action: string, caller: unknown) => {
      const { id, delegation } = caller as { id: number; delegation?: unknown };
      calls.push({ action, userId: id, delegation });
    };
    agent = createAgent({
      authSecret: 'an-auth-secret-of-the-agent-under-test-32',
      envSecret: test.platform.bootstrap!.envSecret,
      serverUrl: test.platform.url,
      schemaPath: join(directory, '.schema.json'),
      isProduction: false,
      loggerLevel: 'Error',
      logger: () => undefined,
    })
      .addDataSource(createSqlDataSource(`sqlite:${databasePath}`))
      .customizeCollection('orders', orders =>
        orders
          .addAction('Set status', {
            scope: 'Single',
            form: [{ label: 'Status', type: 'String' }],
            execute: async context => {
              record('Set status', context.caller);
              await context.collection.update(context.filter, {
                status: String(context.formValues.Status),
              });
            },
          })
          .addAction('Mark audited', {
            scope: 'Single',
            execute: async context => {
              record('Mark audited', context.caller);
              const status = await context.getField('status');
              await context.collection.update(context.filter, { status: `${status}-audited` });
            },
          })
          .addAction('Fail on purpose', {
            scope: 'Single',
            execute: (context, resultBuilder) => {
              record('Fail on purpose', context.caller);

              return resultBuilder.error('Refused on purpose');
            },
          })
          .addAction('Archive', {
            scope: 'Single',
            execute: async context => {
              record('Archive', context.caller);
              await context.collection.update(context.filter, { status: 'archived' });
            },
          })
          .addAction('Hold', {
            scope: 'Single',
            execute: async context => {
              record('Hold', context.caller);
              await gate;
            },
          }),
      );
    agent.mountOnStandaloneServer(0, '127.0.0.1');
    await agent.start();
    await models.Environment.update(
      { agentUrl: `http://127.0.0.1:${agent.port}` },
      { where: { id: environment.id } },
    );

    // Through the admin API: the steps are checked against the schema the agent uploaded.
    const path = `/api/admin/projects/${project.id}/environments/${environment.id}/workflows`;
    const create = async (name: string, steps: Array<[string, Record<string, unknown>]>) => {
      const created = await admin.call('POST', path, {
        name,
        collectionName: 'orders',
        steps: steps.map(([actionName, values]) => ({ actionName, values })),
        webhookEnabled: true,
      });
      if (created.status !== 201) throw new Error(JSON.stringify(created.body));

      return created.body.data.id as number;
    };
    workflows.ship = await create('Ship', [
      ['Set status', { Status: 'shipped' }],
      ['Mark audited', {}],
    ]);
    workflows.broken = await create('Broken', [
      ['Set status', { Status: 'checked' }],
      ['Fail on purpose', {}],
      ['Archive', {}],
    ]);
    workflows.hold = await create('Hold', [['Hold', {}]]);
  });
  afterAll(async () => {
    release();
    await agent?.stop();
    await test?.stop();
    await shop?.close();
    await rm(directory, { recursive: true, force: true });
  });

  const start = (workflowId: number, recordId: string, who: keyof typeof users) => {
    const input: WorkflowRunStart = {
      workflowId,
      recordId,
      user: users[who],
      source: 'webhook',
      apiTokenId,
    };

    return startWorkflowRun(test.platform.context, input);
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the admin API's JSON
  const readRun = async (runId: string): Promise<any> => {
    const { project, environment } = test.platform.bootstrap!;
    const response = await admin.call(
      'GET',
      `/api/admin/projects/${project.id}/environments/${environment.id}/workflow-runs/${runId}`,
    );
    expect(response.status).toBe(200);

    return response.body.data;
  };
  /** Polls the run's status (as the console does) until it is in one of `statuses`. */
  const waitForRun = async (runId: string, statuses = ['succeeded', 'failed']) => {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const run = await readRun(runId);
      if (statuses.includes(run.status)) return run;
      await new Promise(resolve => setTimeout(resolve, 50));
    }
    throw new Error(`The run ${runId} never reached ${statuses.join(' or ')}`);
  };
  const orderStatus = async (id: number) => {
    const [rows] = await shop.query('SELECT status FROM orders WHERE id = ?', {
      replacements: [id],
    });

    return (rows as Array<{ status: string }>)[0]!.status;
  };
  const readActivityOf = async (runId: string) =>
    (
      await test.platform.context.db.models.ActivityLog.findAll({
        where: { workflowRunId: runId },
        order: [['id', 'ASC']],
      })
    ).map(log => log.get({ plain: true }));
  // The agent marks its own logs completed after it answered: wait until none is pending.
  const activityOf = async (runId: string) => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const logs = await readActivityOf(runId);
      if (logs.every(log => log.status !== 'pending')) return logs;
      await new Promise(resolve => setTimeout(resolve, 50));
    }

    return readActivityOf(runId);
  };
  const callsOf = (runId: string) =>
    calls.filter(call => (call.delegation as { workflowRunId?: string })?.workflowRunId === runId);

  it('runs the steps in order on the record, as the user, and records the run', async () => {
    const { runId } = await start(workflows.ship, '1', 'editor');
    expect(runId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const run = await waitForRun(runId);

    expect(run).toMatchObject({
      id: runId,
      workflowId: workflows.ship,
      recordId: '1',
      userId: users.editor.id,
      source: 'webhook',
      status: 'succeeded',
    });
    expect(run.finishedAt).not.toBeNull();
    expect(run.steps.map((step: { status: string }) => step.status)).toEqual([
      'succeeded',
      'succeeded',
    ]);
    // `Mark audited` read what `Set status` wrote: the order of the steps is visible.
    expect(await orderStatus(1)).toBe('shipped-audited');
    const delegation = {
      source: 'webhook',
      apiTokenId,
      workflowRunId: runId,
      workflowName: 'Ship',
    };
    expect(callsOf(runId)).toEqual([
      {
        action: 'Set status',
        userId: users.editor.id,
        delegation: { ...delegation, workflowStepName: 'Set status' },
      },
      {
        action: 'Mark audited',
        userId: users.editor.id,
        delegation: { ...delegation, workflowStepName: 'Mark audited' },
      },
    ]);
    const logs = await activityOf(runId);
    expect(logs.map(log => [log.action, log.status, log.workflowStepName])).toEqual([
      // The agent's log of each action (tied to the run and step by the delegated token), then
      // the platform's log of the step.
      ['triggerWorkflow', 'completed', null],
      ['action', 'completed', 'Set status'],
      ['completeWorkflowStep', 'completed', 'Set status'],
      ['action', 'completed', 'Mark audited'],
      ['completeWorkflowStep', 'completed', 'Mark audited'],
      ['completeWorkflow', 'completed', null],
    ]);
    for (const log of logs) {
      expect(log).toMatchObject({
        environmentId: test.platform.bootstrap!.environment.id,
        type: 'write',
        source: 'webhook',
        userId: users.editor.id,
        userEmail: users.editor.email,
        teamName: 'Operations',
        renderingId,
        collectionName: 'orders',
        recordIds: ['1'],
        apiTokenId,
        workflowName: 'Ship',
      });
    }
    const row = await test.platform.context.db.models.WorkflowRun.findByPk(runId);
    expect(row!.activeKey).toBeNull();
  });

  it('stops at the first failure: later steps are skipped and have no effect', async () => {
    const { runId } = await start(workflows.broken, '3', 'editor');

    const run = await waitForRun(runId);

    expect(run.status).toBe('failed');
    expect(run.steps.map((step: { status: string }) => step.status)).toEqual([
      'succeeded',
      'failed',
      'skipped',
    ]);
    expect(run.steps[1].error).toContain('Refused on purpose');
    expect(await orderStatus(3)).toBe('checked');
    expect(callsOf(runId).map(call => call.action)).toEqual(['Set status', 'Fail on purpose']);
    expect((await activityOf(runId)).map(log => [log.action, log.status])).toEqual([
      ['triggerWorkflow', 'completed'],
      ['action', 'completed'],
      ['completeWorkflowStep', 'completed'],
      ['action', 'failed'],
      ['failWorkflowStep', 'failed'],
      ['failWorkflow', 'failed'],
    ]);
  });

  it("acts with the user's rights: a step the role may not trigger fails with the agent's 403", async () => {
    const { runId } = await start(workflows.ship, '2', 'user');

    const run = await waitForRun(runId);

    expect(run.status).toBe('failed');
    expect(run.steps.map((step: { status: string }) => step.status)).toEqual(['failed', 'skipped']);
    expect(run.steps[0].error).toMatch(/^403: /);
    expect(await orderStatus(2)).toBe('paid');
    expect(callsOf(runId)).toEqual([]);
  });

  it('refuses a user without a rendering in the environment (403), writing nothing', async () => {
    const { models } = test.platform.context.db;
    const before = [await models.WorkflowRun.count(), await models.ActivityLog.count()];

    await expect(start(workflows.ship, '4', 'outsider')).rejects.toMatchObject({
      code: 'ForbiddenError',
    });
    await expect(start(workflows.ship + 1000, '4', 'editor')).rejects.toMatchObject({
      code: 'NotFoundError',
    });
    await expect(start(workflows.ship, '', 'editor')).rejects.toMatchObject({
      code: 'ValidationError',
    });
    expect([await models.WorkflowRun.count(), await models.ActivityLog.count()]).toEqual(before);
  });

  it('allows one active run per record: a second start is a 409, also when both race', async () => {
    gate = new Promise(resolve => {
      release = resolve;
    });
    const first = await start(workflows.hold, '5', 'editor');
    await waitForRun(first.runId, ['running']);

    await expect(start(workflows.hold, '5', 'editor')).rejects.toMatchObject({
      code: 'ConflictError',
    });
    const raced = await Promise.allSettled([
      start(workflows.hold, '6', 'editor'),
      start(workflows.hold, '6', 'editor'),
    ]);
    expect(raced.map(outcome => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = raced.find(outcome => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'ConflictError' });
    // Another workflow's run on the same record is not held back.
    const other = await start(workflows.ship, '5', 'editor');

    release();
    const won = raced.find(outcome => outcome.status === 'fulfilled') as PromiseFulfilledResult<{
      runId: string;
    }>;
    expect((await waitForRun(first.runId)).status).toBe('succeeded');
    expect((await waitForRun(won.value.runId)).status).toBe('succeeded');
    expect((await waitForRun(other.runId)).status).toBe('succeeded');
    // Ended, the record is free again.
    const again = await start(workflows.hold, '5', 'editor');
    expect((await waitForRun(again.runId)).status).toBe('succeeded');
  });

  it('ends the runs a previous process left active when a platform starts, not the live ones', async () => {
    const { models } = test.platform.context.db;
    const { environment } = test.platform.bootstrap!;
    const row = (id: string, recordId: string) => ({
      id,
      workflowId: workflows.ship,
      environmentId: environment.id,
      recordId,
      userId: users.editor.id,
      userEmail: users.editor.email,
      source: 'webhook',
      status: 'running' as const,
      activeKey: `${workflows.ship}:${recordId}`,
      steps: [
        { index: 0, actionName: 'Set status', status: 'running' as const },
        { index: 1, actionName: 'Mark audited', status: 'pending' as const },
      ],
    });
    const staleId = '00000000-0000-4000-8000-000000000001';
    const liveId = '00000000-0000-4000-8000-000000000002';
    await models.WorkflowRun.create(row(staleId, '4'));
    await models.WorkflowRun.create(row(liveId, '6'));
    // Last updated before the staleness delay (Sequelize sets `updated_at` itself otherwise).
    await test.platform.context.db.sequelize.query(
      'UPDATE workflow_runs SET updated_at = :old WHERE id = :id',
      { replacements: { old: new Date(Date.now() - STALE_WORKFLOW_RUN_MS - 60_000), id: staleId } },
    );
    await expect(start(workflows.ship, '4', 'editor')).rejects.toMatchObject({
      code: 'ConflictError',
    });

    const restarted = await createPlatform({
      port: 0,
      logger: () => undefined,
      bootstrap: false,
      database: test.database.options,
    });
    try {
      const stale = (await models.WorkflowRun.findByPk(staleId))!;
      expect(stale.status).toBe('failed');
      expect(stale.activeKey).toBeNull();
      expect(stale.finishedAt).not.toBeNull();
      expect(stale.steps.map(step => step.status)).toEqual(['failed', 'skipped']);
      expect((await activityOf(staleId)).map(log => [log.action, log.status])).toEqual([
        ['failWorkflow', 'failed'],
      ]);
      const live = (await models.WorkflowRun.findByPk(liveId))!;
      expect([live.status, live.activeKey]).toEqual(['running', `${workflows.ship}:6`]);
    } finally {
      await restarted.close();
      await models.WorkflowRun.destroy({ where: { id: liveId } });
    }
    // The record is free again.
    const { runId } = await start(workflows.ship, '4', 'editor');
    expect((await waitForRun(runId)).status).toBe('succeeded');
  });
});
