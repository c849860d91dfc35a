import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createAgent } from '@grove/agent';
import type { Agent } from '@grove/agent';
import { createSqlDataSource } from '@grove/datasource-sql';
import { signSessionToken } from '@grove/platform-client';
import { Sequelize } from 'sequelize';

import { createShopDatabase } from '../helpers/agents-under-test';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import { renderingOf } from '../helpers/user-tokens';

jest.setTimeout(60_000);

describe.each(availableServers())("the Grove agent's activity logs on $name", server => {
  let test: TestPlatform;
  let directory: string;
  let databasePath: string;
  let token: string;
  let userId: number;
  let renderingId: number;
  let platformClosed = false;
  const agents: Agent[] = [];
  const authSecret = randomBytes(24).toString('hex');

  const startAgent = async (activityLogs?: 'strict' | 'best-effort') => {
    const agent = createAgent({
      authSecret,
      envSecret: test.platform.bootstrap!.envSecret,
      serverUrl: test.platform.url,
      schemaPath: join(directory, '.schema.json'),
      loggerLevel: 'Error',
      logger: () => undefined,
      ...(activityLogs && { activityLogs }),
    })
      .addDataSource(createSqlDataSource(`sqlite:${databasePath}`))
      .customizeCollection('orders', orders =>
        orders.addAction('Refund', { scope: 'Bulk', execute: () => undefined }),
      );
    agent.mountOnStandaloneServer(0, '127.0.0.1');
    await agent.start();
    agents.push(agent);

    return agent;
  };
  const call = (agent: Agent, method: string, path: string, body?: unknown) =>
    fetch(
      `http://127.0.0.1:${agent.port}/forest/${path}${path.includes('?') ? '&' : '?'}timezone=UTC`,
      {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    );
  const setAmount = (agent: Agent, id: number, amount: number) =>
    call(agent, 'PUT', `orders/${id}`, {
      data: { type: 'orders', id: String(id), attributes: { amount } },
    });
  const amountOf = async (id: number) => {
    const shop = new Sequelize({ dialect: 'sqlite', storage: databasePath, logging: false });
    try {
      const [rows] = await shop.query('SELECT amount FROM orders WHERE id = ?', {
        replacements: [id],
      });

      return (rows as { amount: number }[])[0]?.amount;
    } finally {
      await shop.close();
    }
  };

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'grove-activity-e2e-'));
    databasePath = join(directory, 'shop.sqlite');
    await createShopDatabase(databasePath);
    test = await startTestPlatform(server);
    const { models } = test.platform.context.db;
    const projectId = test.platform.bootstrap!.project.id;
    renderingId = await renderingOf(test.platform, 'Operations');
    const role = await models.Role.findOne({ where: { projectId, name: 'Admin' } });
    const user = await models.User.create({
      email: 'ada@grove.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      permissionLevel: 'admin',
    });
    userId = user.id;
    await models.ProjectMember.create({ projectId, userId, roleId: role!.id });
    const rendering = await models.Rendering.findByPk(renderingId);
    await models.TeamMember.create({ teamId: rendering!.teamId, userId });
    token = await signSessionToken(
      {
        id: userId,
        email: user.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        team: 'Operations',
        role: 'Admin',
        permissionLevel: 'admin',
        renderingId,
        tags: {},
      },
      { secret: authSecret, expiresInSeconds: 3600 },
    );
  });

  afterAll(async () => {
    for (const agent of agents) await agent.stop();
    if (platformClosed) await test?.database.drop();
    else await test?.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('records a list, a get, an update and an action with their user, team and final status', async () => {
    const agent = await startAgent();
    expect((await call(agent, 'GET', 'orders?page[number]=1&page[size]=10')).status).toBe(200);
    expect((await call(agent, 'GET', 'orders/1')).status).toBe(200);
    expect((await setAmount(agent, 2, 25)).status).toBe(200);
    const action = await call(agent, 'POST', '_actions/orders/0/refund', {
      data: { attributes: { collection_name: 'orders', ids: ['3', '5'], values: {} } },
    });
    expect(action.status).toBe(200);
    // Stopping the agent sends its queued read logs and waits for the status changes.
    await agent.stop();

    const rows = (
      await test.platform.context.db.models.ActivityLog.findAll({ order: [['id', 'ASC']] })
    ).map(row => row.get({ plain: true }));
    const who = {
      environmentId: test.platform.bootstrap!.environment.id,
      userId,
      userEmail: 'ada@grove.test',
      renderingId,
      teamName: 'Operations',
      source: 'ui',
      collectionName: 'orders',
    };
    // Writes land when they run, reads when their batch is sent: sorted by kind here.
    const byAction = (action: string) => rows.filter(row => row.action === action);
    expect(rows).toHaveLength(4);
    expect(byAction('update')).toEqual([
      expect.objectContaining({
        ...who,
        type: 'write',
        recordIds: ['2'],
        label: 'updated',
        status: 'completed',
      }),
    ]);
    expect(byAction('action')).toEqual([
      expect.objectContaining({
        ...who,
        type: 'write',
        recordIds: ['3', '5'],
        label: 'triggered the action "Refund"',
        status: 'completed',
      }),
    ]);
    expect(byAction('index')).toEqual([
      expect.objectContaining({ ...who, type: 'read', recordIds: null, status: 'completed' }),
    ]);
    expect(byAction('read')).toEqual([
      expect.objectContaining({ ...who, type: 'read', recordIds: ['1'], status: 'completed' }),
    ]);
    expect(await amountOf(2)).toBe(25);
  });

  it('refuses an update with a 503 when the platform is down; best-effort runs it', async () => {
    const strict = await startAgent();
    const bestEffort = await startAgent('best-effort');
    // Warm the permission caches while the platform is up.
    expect((await call(strict, 'GET', 'orders/4')).status).toBe(200);
    expect((await call(bestEffort, 'GET', 'orders/4')).status).toBe(200);
    await test.platform.close();
    platformClosed = true;

    const refused = await setAmount(strict, 4, 99);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      errors: [
        expect.objectContaining({
          status: 503,
          detail: "The platform did not record this operation's activity log; nothing was changed",
        }),
      ],
    });
    expect(await amountOf(4)).toBe(40);

    expect((await setAmount(bestEffort, 4, 41)).status).toBe(200);
    expect(await amountOf(4)).toBe(41);
  });
});
