import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createAgent } from '@grove/agent';
import { createSqlDataSource } from '@grove/datasource-sql';
import { signSessionToken } from '@grove/platform-client';

import { signApprovalRequest } from '../../src';
import { createShopDatabase } from '../helpers/agents-under-test';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import { callWithToken, memberWithToken, renderingOf } from '../helpers/user-tokens';

jest.setTimeout(60_000);

describe.each(availableServers())('an approval signed by the platform on $name', server => {
  let test: TestPlatform;
  let directory: string;
  let agent: ReturnType<typeof createAgent>;
  let agentUrl: string;
  let executions = 0;
  const authSecret = randomBytes(24).toString('hex');

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'grove-approval-e2e-'));
    const databasePath = join(directory, 'shop.sqlite');
    await createShopDatabase(databasePath);
    test = await startTestPlatform(server, { bootstrap: { agentUrl: 'http://agent.test:3351' } });
    // Editors approve refunds (set before the agent caches the rights).
    const { models } = test.platform.context.db;
    const editor = await models.Role.findOne({
      where: { projectId: test.platform.bootstrap!.project.id, name: 'Editor' },
    });
    await models.RoleActionRight.create({
      roleId: editor!.id,
      collectionName: 'orders',
      actionName: 'Refund',
      trigger: true,
      approve: true,
    });
    agent = createAgent({
      authSecret,
      envSecret: test.platform.bootstrap!.envSecret,
      serverUrl: test.platform.url,
      schemaPath: join(directory, '.schema.json'),
      isProduction: false,
      loggerLevel: 'Error',
      logger: () => undefined,
    })
      .addDataSource(createSqlDataSource(`sqlite:${databasePath}`))
      .customizeCollection('orders', orders =>
        orders.addAction('Refund', {
          scope: 'Bulk',
          execute: () => {
            executions += 1;
          },
        }),
      );
    agent.mountOnStandaloneServer(0, '127.0.0.1');
    await agent.start();
    agentUrl = `http://127.0.0.1:${agent.port}`;
  });
  afterAll(async () => {
    await agent?.stop();
    await test?.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it("is accepted by Grove's agent, which runs the action; a forged one is not", async () => {
    const { platform } = test;
    const requester = await memberWithToken(platform, 'User', 'Operations', 'r@grove.test');
    const approver = await memberWithToken(platform, 'Editor', 'Operations', 'a@grove.test');
    const renderingId = await renderingOf(platform, 'Operations');
    const created = await callWithToken(
      `${platform.url}/api/action-approvals`,
      'POST',
      requester.token,
      {
        data: {
          type: 'action-approvals',
          attributes: {
            status: null,
            action_name: 'Refund',
            collection_name: 'orders',
            record_ids: ['3'],
            inputs: [],
          },
        },
      },
      { 'forest-rendering-id': String(renderingId) },
    );
    const approved = await callWithToken(
      `${platform.url}/api/action-approvals/${created.body.data.id}/approve`,
      'POST',
      approver.token,
    );
    expect(approved.status).toBe(200);
    const signed = approved.body.data.attributes.signed_approval_request as string;

    const agentToken = await signSessionToken(
      {
        id: approver.id,
        email: approver.email,
        firstName: 'Test',
        lastName: 'Editor',
        team: 'Operations',
        role: 'Editor',
        permissionLevel: 'user',
        renderingId,
        tags: {},
      },
      { secret: authSecret, expiresInSeconds: 3600 },
    );
    const run = (attributes: Record<string, unknown>) =>
      fetch(`${agentUrl}/forest/_actions/orders/0/refund?timezone=UTC`, {
        method: 'POST',
        headers: { authorization: `Bearer ${agentToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          data: {
            type: 'custom-action-requests',
            attributes: { collection_name: 'orders', ids: ['3'], values: {}, ...attributes },
          },
        }),
      });

    const forged = await signApprovalRequest(
      {
        data: { attributes: { collection_name: 'orders', ids: ['3'], requester_id: requester.id } },
      },
      'f'.repeat(64),
    );
    expect((await run({ signed_approval_request: forged })).status).toBe(500);
    expect((await run({ requester_id: requester.id })).status).toBe(422);
    expect(executions).toBe(0);

    const response = await run({ signed_approval_request: signed });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: 'Success' });
    expect(executions).toBe(1);
  });
});
