import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { signSessionToken } from '@grove/platform-client';

import { createPlatform, hostedAuthSecret } from '../../src';
import type { Platform } from '../../src';
import { agentCall } from '../helpers/agent-call';
import { loginAdmin, loginBootstrapAdmin } from '../helpers/admin-client';
import { createShopDatabase } from '../helpers/agents-under-test';
import { hostedCall, makeBundle, publishBundle } from '../helpers/hosted-agent-client';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import { memberWithToken } from '../helpers/user-tokens';
import type { TokenUser } from '../helpers/user-tokens';

jest.setTimeout(120_000);

/** Polls until the condition holds (30 s at most). */
async function waitFor(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries += 1) {
    if (tries > 600) throw new Error('Timed out');
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}

/** A customization adding `label` (`<status>:<amount>`) to the suffixed `orders` collection. */
const labelCustomization = `
module.exports = function customizeAgent(agent) {
  console.log('customizing');
  agent.customizeCollection('orders_shop', orders =>
    orders.addField('label', {
      columnType: 'String',
      dependencies: ['status', 'amount'],
      getValues: records => records.map(r => r.status + ':' + r.amount),
    }),
  );
};`;

describe.each(availableServers())('hosted agents on $name', server => {
  let test: TestPlatform;
  let developer: TokenUser;
  let envSecret: string;
  const shop = join(tmpdir(), `grove-hosted-e2e-${randomBytes(6).toString('hex')}.sqlite`);

  const credentials = () => ({ envSecret, token: developer.token });
  const upload = async (bundle: Buffer) => {
    const response = await hostedCall(
      test.platform.url,
      credentials(),
      'POST',
      'bundle',
      bundle,
      'application/zip',
    );
    expect(response.status).toBe(201);

    return response.body.bundleId as number;
  };
  /** Lists orders through the hosted agent, as the developer in the Operations team. */
  const listOrders = async (
    platform: Platform = test.platform,
  ): Promise<{ status: number; body: { data: { attributes: Record<string, unknown> }[] } }> => {
    const { db } = platform.context;
    const environment = await db.models.Environment.findByPk(
      test.platform.bootstrap!.environment.id,
    );
    const token = await signSessionToken(
      {
        id: developer.id,
        email: developer.email,
        firstName: 'Test',
        lastName: 'Developer',
        team: 'Operations',
        role: 'Developer',
        permissionLevel: 'user',
        renderingId: (await db.models.Rendering.findOne({
          where: {
            environmentId: environment!.id,
            teamId: (await db.models.Team.findOne({ where: { name: 'Operations' } }))!.id,
          },
        }))!.id,
        tags: {},
      },
      { secret: await hostedAuthSecret(db, environment!), expiresInSeconds: 600 },
    );
    const response = await fetch(
      `${environment!.agentUrl}/forest/orders_shop?timezone=UTC&fields[orders_shop]=id,label`,
      { headers: { authorization: `Bearer ${token}` } },
    );

    return { status: response.status, body: (await response.json()) as never };
  };

  beforeAll(async () => {
    await createShopDatabase(shop);
    test = await startTestPlatform(server);
    envSecret = test.platform.bootstrap!.envSecret;
    developer = await memberWithToken(
      test.platform,
      'Developer',
      'Operations',
      'dev@grove.test',
      'device',
    );
    const admin = await loginBootstrapAdmin(test.platform);
    const { project, environment } = test.platform.bootstrap!;
    const created = await admin.call(
      'POST',
      `/api/admin/projects/${project.id}/environments/${environment.id}/hosted-datasources`,
      { name: 'shop', connectionUri: `sqlite:${shop}`, datasourceSuffix: '_shop' },
    );
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await test.stop();
    await rm(shop, { force: true });
  });

  it('serves the introspections and no published code yet', async () => {
    const datasources = await hostedCall(test.platform.url, credentials(), 'GET', 'datasources');
    expect(datasources.status).toBe(200);
    expect(datasources.body).toEqual([
      {
        introspection: expect.objectContaining({ tables: expect.any(Array) }),
        datasourceSuffix: '_shop',
        datasourceId: expect.any(Number),
      },
    ]);
    const details = await hostedCall(
      test.platform.url,
      credentials(),
      'GET',
      'last-published-code-details',
    );
    expect(details).toEqual({ status: 200, body: null });
  });

  it('publishes a bundle: the hosted agent serves its computed field, its logs are kept', async () => {
    const bundleId = await upload(makeBundle(labelCustomization));
    const published = await publishBundle(test.platform.url, credentials(), bundleId);
    expect(published.status).toBe(200);
    expect(published.contentType).toBe('text/event-stream');
    const last = published.events.at(-1)!;
    expect(last.event).toBe('deployed');
    expect(JSON.parse(last.data)).toEqual({ timestamp: expect.any(String) });
    expect(published.events.slice(0, -1).every(event => event.event === 'progress')).toBe(true);

    const orders = await listOrders();
    expect(orders.status).toBe(200);
    const labels = orders.body.data.map(row => String(row.attributes.label));
    expect(labels.sort()).toEqual([
      'paid:20',
      'paid:40',
      'paid:60',
      'pending:10',
      'pending:30',
      'pending:50',
    ]);

    const logs = await hostedCall(test.platform.url, credentials(), 'GET', 'logs?limit=1000');
    expect(logs.status).toBe(200);
    const messages = logs.body.logs.map((line: { message: string }) => line.message);
    expect(messages).toEqual(expect.arrayContaining(['customizing']));
    expect(messages.some((message: string) => message.startsWith('Agent started'))).toBe(true);
    expect(messages.some((message: string) => /^Agent started on port \d+$/.test(message))).toBe(
      true,
    );
    expect(logs.body.logs[0]).toEqual({
      message: expect.any(String),
      timestamp: expect.any(String),
      level: expect.stringMatching(/^(Debug|Info|Warn|Error)$/),
    });
    const recent = await hostedCall(
      test.platform.url,
      credentials(),
      'GET',
      'logs?limit=2&order-by-recent-first=true',
    );
    expect(recent.body.logs).toHaveLength(2);
    expect(recent.body.logs[0].timestamp >= recent.body.logs[1].timestamp).toBe(true);

    const details = await hostedCall(
      test.platform.url,
      credentials(),
      'GET',
      'last-published-code-details',
    );
    expect(details.body).toEqual({
      date: JSON.parse(last.data).timestamp,
      relativeDate: expect.stringMatching(/now|second/),
      user: { name: 'Test Developer', email: 'dev@grove.test' },
    });
  });

  it('refuses a bundle that throws at load: failed, and the previous agent keeps serving', async () => {
    const before = (await test.platform.context.db.models.Environment.findByPk(
      test.platform.bootstrap!.environment.id,
    ))!.agentUrl;
    const bundleId = await upload(makeBundle("throw new Error('broken customization');"));
    const published = await publishBundle(test.platform.url, credentials(), bundleId);
    expect(published.status).toBe(200);
    const last = published.events.at(-1)!;
    expect(last.event).toBe('failed');
    expect(JSON.parse(last.data).error).toContain('broken customization');
    const after = (await test.platform.context.db.models.Environment.findByPk(
      test.platform.bootstrap!.environment.id,
    ))!.agentUrl;
    expect(after).toBe(before);
    expect((await listOrders()).status).toBe(200);

    const notAFunction = await upload(makeBundle('module.exports = { nothing: true };'));
    const refused = await publishBundle(test.platform.url, credentials(), notAFunction);
    expect(JSON.parse(refused.events.at(-1)!.data)).toEqual({
      error: 'Customization file must export a function',
    });
    expect((await listOrders()).status).toBe(200);
  });

  it('gives each user a development environment whose secret authenticates agents', async () => {
    const first = await hostedCall(
      test.platform.url,
      credentials(),
      'POST',
      'development-environment-for-user',
      { endpoint: 'http://localhost:3351' },
    );
    expect(first.status).toBe(200);
    const secret: string = first.body.data.attributes.secret_key;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(
      (await agentCall(test.platform.url, secret, '/liana/v1/ip-whitelist-rules')).status,
    ).toBe(200);
    const { models } = test.platform.context.db;
    const environment = await models.Environment.findOne({
      where: { name: 'Development (dev@grove.test)' },
    });
    expect(environment).toMatchObject({ hosted: false, agentUrl: 'http://localhost:3351' });

    const again = await hostedCall(
      test.platform.url,
      credentials(),
      'POST',
      'development-environment-for-user',
      { endpoint: 'http://localhost:4000' },
    );
    const renewed: string = again.body.data.attributes.secret_key;
    expect(renewed).not.toBe(secret);
    expect(
      (await agentCall(test.platform.url, secret, '/liana/v1/ip-whitelist-rules')).status,
    ).toBe(401);
    expect(
      (await agentCall(test.platform.url, renewed, '/liana/v1/ip-whitelist-rules')).status,
    ).toBe(200);
    expect(
      await models.Environment.count({ where: { name: 'Development (dev@grove.test)' } }),
    ).toBe(1);
    expect((await models.Environment.findByPk(environment!.id))!.agentUrl).toBe(
      'http://localhost:4000',
    );
  });

  it('starts the hosted agent again with a regenerated env secret', async () => {
    const environmentId = test.platform.bootstrap!.environment.id;
    const before = test.platform.context.hostedAgents.portOf(environmentId);
    const admin = await loginBootstrapAdmin(test.platform);
    const since = new Date().toISOString();
    const regenerated = await admin.call(
      'POST',
      `/api/admin/projects/${test.platform.bootstrap!.project.id}/environments/${environmentId}/secret`,
    );
    expect(regenerated.status).toBe(200);
    envSecret = regenerated.body.data.secret;
    await waitFor(() => test.platform.context.hostedAgents.portOf(environmentId) !== before);
    expect((await listOrders()).status).toBe(200);
    const logs = await hostedCall(test.platform.url, credentials(), 'GET', `logs?from=${since}`);
    expect(logs.body.logs.map((line: { message: string }) => line.message)).toContainEqual(
      expect.stringMatching(/^Agent started on port \d+$/),
    );
    expect(logs.body.logs.filter((line: { level: string }) => line.level === 'Error')).toEqual([]);
  });

  // Last: it closes the test's platform.
  it('starts the hosted agents of a platform that starts again', async () => {
    await test.platform.close();
    const restarted = await createPlatform({
      port: 0,
      logger: () => undefined,
      database: test.database.options,
    });
    try {
      const environmentId = test.platform.bootstrap!.environment.id;
      await waitFor(() => restarted.context.hostedAgents.portOf(environmentId) !== undefined);
      const orders = await listOrders(restarted);
      expect(orders.status).toBe(200);
      expect(orders.body.data).toHaveLength(6);

      // Deleting the environment stops its hosted agent.
      const { adminEmail, adminPassword, project } = test.platform.bootstrap!;
      const admin = await loginAdmin(restarted, adminEmail, adminPassword);
      const agentUrl = (await restarted.context.db.models.Environment.findByPk(environmentId))!
        .agentUrl!;
      const removed = await admin.call(
        'DELETE',
        `/api/admin/projects/${project.id}/environments/${environmentId}`,
      );
      expect(removed.status).toBe(204);
      expect(restarted.context.hostedAgents.portOf(environmentId)).toBeUndefined();
      await expect(fetch(`${agentUrl}/forest`)).rejects.toThrow();
    } finally {
      await restarted.close();
    }
  });
});
