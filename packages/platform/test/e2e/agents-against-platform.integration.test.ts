import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { signSessionToken } from '@grove/platform-client';

import type { StoredSchema } from '../../src';
import { createShopDatabase, groveAgent, vendorAgent } from '../helpers/agents-under-test';
import type { StartedAgent } from '../helpers/agents-under-test';
import { countListeners, waitFor } from '../helpers/count-listeners';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';

jest.setTimeout(60_000);

/**
 * What an admin set up before the agent started: a custom role `Support` that may do
 * everything on orders but delete, a member with that role in the Operations team, and the scope `status = paid` on
 * orders for the Operations team.
 */
async function setUpSupport(platform: TestPlatform['platform']) {
  const { context, bootstrap } = platform;
  const { models } = context.db;
  const projectId = bootstrap!.project.id;
  const role = await models.Role.create({ projectId, name: 'Support' });
  const ordersRight = await models.RoleCollectionRight.create({
    roleId: role.id,
    collectionName: 'orders',
    browse: true,
    read: true,
    edit: true,
    add: true,
    delete: false,
    export: true,
  });
  const user = await models.User.create({
    email: 'sam@example.com',
    firstName: 'Sam',
    lastName: 'Support',
    permissionLevel: 'user',
  });
  await models.ProjectMember.create({ projectId, userId: user.id, roleId: role.id });
  const rendering = await models.Rendering.findOne({
    where: { environmentId: bootstrap!.environment.id },
  });
  // A member acts through the rendering of a team they belong to (the platform's activity logs
  // check it: the Grove agent logs every operation before a write runs).
  await models.TeamMember.create({ teamId: rendering!.teamId, userId: user.id });
  await rendering!.update({
    collections: { orders: { scope: { field: 'status', operator: 'equal', value: 'paid' } } },
  });

  return { ordersRight, user, renderingId: rendering!.id };
}

describe.each(availableServers())('agents against a real platform on $name', server => {
  describe.each([groveAgent, vendorAgent])('$name', agentUnderTest => {
    let test: TestPlatform;
    let agent: StartedAgent;
    let directory: string;
    let listeners: () => number;
    let support: Awaited<ReturnType<typeof setUpSupport>>;
    const authSecret = randomBytes(24).toString('hex');

    beforeAll(async () => {
      directory = await mkdtemp(join(tmpdir(), 'grove-platform-e2e-'));
      const databasePath = join(directory, 'shop.sqlite');
      await createShopDatabase(databasePath);
      test = await startTestPlatform(server, { heartbeatIntervalMs: 1_000 });
      listeners = countListeners(test.platform.context.events);
      support = await setUpSupport(test.platform);
      agent = await agentUnderTest.start({
        serverUrl: test.platform.url,
        envSecret: test.platform.bootstrap!.envSecret,
        authSecret,
        schemaPath: join(directory, '.schema.json'),
        databasePath,
      });
    });

    afterAll(async () => {
      // The agent first: a platform closed under a running agent makes it reconnect.
      await agent?.stop();
      await test?.stop();
      await rm(directory, { recursive: true, force: true });
    });

    it('starts, and its schema lands in the platform', async () => {
      const { models } = test.platform.context.db;
      const row = await models.EnvironmentSchema.findOne({
        where: { environmentId: test.platform.bootstrap!.environment.id },
      });
      const schema = row!.schema as StoredSchema;

      expect(schema.collections.map(collection => collection.name)).toEqual([
        'customers',
        'orders',
      ]);
      expect(schema.collections[1]!.fields.map(field => field.field)).toEqual([
        'amount',
        'id',
        'status',
      ]);
      expect(row!.hash).toMatch(/^[0-9a-f]{40}$/);
    });

    it('enforces the role and the scope stored in the platform, and obeys refresh-roles', async () => {
      const { context, bootstrap } = test.platform;
      const { ordersRight, user, renderingId } = support;
      const token = await signSessionToken(
        {
          id: user.id,
          email: user.email,
          firstName: 'Sam',
          lastName: 'Support',
          team: 'Operations',
          role: 'Support',
          permissionLevel: 'user',
          renderingId,
          tags: {},
        },
        { secret: authSecret, expiresInSeconds: 3600 },
      );
      const call = (method: string, path: string) =>
        fetch(`${agent.url}/forest/${path}${path.includes('?') ? '&' : '?'}timezone=UTC`, {
          method,
          headers: { authorization: `Bearer ${token}` },
        });

      // The rendering's scope filters the list: only paid orders (even ids).
      const list = await call('GET', 'orders?page[number]=1&page[size]=50');
      expect(list.status).toBe(200);
      const records = ((await list.json()) as { data: { id: string }[] }).data;
      expect(records.map(record => record.id).sort()).toEqual(['2', '4', '6']);

      // The role lacks delete on orders.
      expect((await call('DELETE', 'orders/2')).status).toBe(403);

      // Granting it in the database changes nothing for the agent until refresh-roles...
      await ordersRight.update({ delete: true });
      expect((await call('DELETE', 'orders/2')).status).toBe(403);

      // ...which reaches the running agent over its event stream.
      await waitFor(() => listeners() > 0);
      await context.events.publish({
        environmentId: bootstrap!.environment.id,
        name: 'refresh-roles',
        data: {},
      });
      let status = 403;
      await waitFor(async () => {
        status = (await call('DELETE', 'orders/2')).status;

        return status !== 403;
      });
      expect(status).toBe(204);
      const after = await call('GET', 'orders?page[number]=1&page[size]=50');
      const left = ((await after.json()) as { data: { id: string }[] }).data;
      expect(left.map(record => record.id).sort()).toEqual(['4', '6']);
    });
  });
});
