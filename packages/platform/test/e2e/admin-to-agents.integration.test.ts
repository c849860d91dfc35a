import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { signSessionToken } from '@grove/platform-client';

import { createPlatform } from '../../src';
import type { Platform } from '../../src';
import { loginBootstrapAdmin } from '../helpers/admin-client';
import type { AdminClient } from '../helpers/admin-client';
import { createShopDatabase, groveAgent, vendorAgent } from '../helpers/agents-under-test';
import type { AgentUnderTest, StartedAgent } from '../helpers/agents-under-test';
import { countListeners, waitFor } from '../helpers/count-listeners';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';
import { describeOrSkip, missingEnv } from '@grove/datasource-toolkit/testing';

jest.setTimeout(60_000);

const authSecret = randomBytes(24).toString('hex');
const redisUrl = process.env.REDIS_URL;

/** What the admin set up through the admin API, and what the agent's user needs. */
interface Setup {
  readonly projectId: number;
  readonly envSecret: string;
  readonly supportRoleId: number;
  readonly token: string;
}

const allRights = { browse: true, read: true, edit: true, add: true, delete: true, export: true };

/**
 * Everything through the admin API, as the console does it: a project, its environment, a role
 * `Support` without delete on `orders`, a user invited with that role into the Operations team,
 * and a scope on `customers` (only Ada) for that team in that environment.
 */
async function setUpThroughAdminApi(admin: AdminClient, platformUrl: string): Promise<Setup> {
  const expectOk = <T>(response: { status: number; body: T }, status = 200): T => {
    if (response.status !== status)
      throw new Error(`${response.status}: ${JSON.stringify(response.body)}`);

    return response.body;
  };
  const project = expectOk(await admin.call('POST', '/api/admin/projects', { name: 'Shop' }), 201);
  const projectId: number = project.data.id;
  const base = `/api/admin/projects/${projectId}`;
  const environment = expectOk(
    await admin.call('POST', `${base}/environments`, { name: 'Production' }),
    201,
  );
  const role = expectOk(await admin.call('POST', `${base}/roles`, { name: 'Support' }), 201);
  const roleId: number = role.data.id;
  expectOk(await admin.call('PUT', `${base}/roles/${roleId}/collections/customers`, allRights));
  expectOk(
    await admin.call('PUT', `${base}/roles/${roleId}/collections/orders`, {
      ...allRights,
      delete: false,
    }),
  );
  const teams = expectOk(await admin.call('GET', `${base}/teams`));
  const team = teams.data.find((candidate: { name: string }) => candidate.name === 'Operations');
  const invitation = expectOk(
    await admin.call('POST', `${base}/invitations`, {
      email: 'sam@example.com',
      roleId,
      teamId: team.id,
    }),
    201,
  );
  const accepted = await fetch(
    `${platformUrl}/api/admin/invitations/${invitation.data.token}/accept`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Sam',
        lastName: 'Support',
        password: 'a long enough passphrase',
      }),
    },
  );
  if (accepted.status >= 300)
    throw new Error(`accept: ${accepted.status} ${await accepted.text()}`);
  const members = expectOk(await admin.call('GET', `${base}/members`));
  const sam = members.data.find((member: { email: string }) => member.email === 'sam@example.com');
  const renderingPath = `${base}/environments/${environment.data.id}/teams/${team.id}/rendering`;
  const rendering = expectOk(await admin.call('GET', renderingPath));
  expectOk(
    await admin.call('PUT', `${renderingPath}/collections/customers/scope`, {
      scope: { field: 'name', operator: 'equal', value: 'Ada' },
    }),
  );
  const token = await signSessionToken(
    {
      id: sam.id,
      email: 'sam@example.com',
      firstName: 'Sam',
      lastName: 'Support',
      team: 'Operations',
      role: 'Support',
      permissionLevel: 'user',
      renderingId: rendering.data.id,
      tags: {},
    },
    { secret: authSecret, expiresInSeconds: 3600 },
  );

  return { projectId, envSecret: environment.data.secret, supportRoleId: roleId, token };
}

/** Calls the agent as the Support user. */
function agentCall(agent: StartedAgent, token: string, method: string, path: string) {
  return fetch(`${agent.url}/forest/${path}${path.includes('?') ? '&' : '?'}timezone=UTC`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
}

async function ids(response: Response): Promise<string[]> {
  return ((await response.json()) as { data: { id: string }[] }).data
    .map(record => record.id)
    .sort();
}

/** Grants delete on orders through the admin API and measures until the agent allows it. */
async function grantDeleteAndWait(
  admin: AdminClient,
  setup: Setup,
  agent: StartedAgent,
): Promise<number> {
  const path = `/api/admin/projects/${setup.projectId}/roles/${setup.supportRoleId}/collections/orders`;
  const started = Date.now();
  const granted = await admin.call('PUT', path, allRights);
  expect(granted.status).toBe(200);
  await waitFor(
    async () => (await agentCall(agent, setup.token, 'DELETE', 'orders/2')).status === 204,
  );

  return Date.now() - started;
}

async function startAgent(
  agentUnderTest: AgentUnderTest,
  serverUrl: string,
  envSecret: string,
  directory: string,
): Promise<StartedAgent> {
  const databasePath = join(directory, 'shop.sqlite');
  await createShopDatabase(databasePath);

  return agentUnderTest.start({
    serverUrl,
    envSecret,
    authSecret,
    schemaPath: join(directory, '.schema.json'),
    databasePath,
  });
}

describe.each(availableServers())(
  'an admin drives running agents through the platform on $name',
  server => {
    describe.each([groveAgent, vendorAgent])('$name', agentUnderTest => {
      let test: TestPlatform;
      let admin: AdminClient;
      let setup: Setup;
      let agent: StartedAgent;
      let directory: string;
      let listeners: () => number;

      beforeAll(async () => {
        directory = await mkdtemp(join(tmpdir(), 'grove-admin-e2e-'));
        test = await startTestPlatform(server, { heartbeatIntervalMs: 1_000 });
        listeners = countListeners(test.platform.context.events);
        admin = await loginBootstrapAdmin(test.platform);
        setup = await setUpThroughAdminApi(admin, test.platform.url);
        agent = await startAgent(agentUnderTest, test.platform.url, setup.envSecret, directory);
      });

      afterAll(async () => {
        await agent?.stop();
        await test?.stop();
        await rm(directory, { recursive: true, force: true });
      });

      it('applies the scope on customers and refuses the delete on orders', async () => {
        const customers = await agentCall(agent, setup.token, 'GET', 'customers');
        expect(customers.status).toBe(200);
        expect(await ids(customers)).toEqual(['1']);

        expect((await agentCall(agent, setup.token, 'DELETE', 'orders/2')).status).toBe(403);
        const orders = await agentCall(agent, setup.token, 'GET', 'orders?page[size]=50');
        expect(await ids(orders)).toEqual(['1', '2', '3', '4', '5', '6']);
      });

      it('lets the running agent delete within a second of the role change', async () => {
        await waitFor(() => listeners() > 0);

        expect(await grantDeleteAndWait(admin, setup, agent)).toBeLessThan(1_000);
        const orders = await agentCall(agent, setup.token, 'GET', 'orders?page[size]=50');
        expect(await ids(orders)).toEqual(['1', '3', '4', '5', '6']);
      });
    });
  },
);

const postgres = availableServers().find(candidate => candidate.name === 'PostgreSQL');

describeOrSkip(
  missingEnv('POSTGRES_URL', 'REDIS_URL'),
  'two platform processes on one PostgreSQL database and one Redis',
  () => {
    let first: TestPlatform;
    let second: Platform;
    let agent: StartedAgent;
    let directory: string;

    afterAll(async () => {
      await agent?.stop();
      await second?.close();
      await first?.stop();
      if (directory) await rm(directory, { recursive: true, force: true });
    });

    it('carries an admin change made on one to an agent subscribed to the other', async () => {
      directory = await mkdtemp(join(tmpdir(), 'grove-two-platforms-'));
      first = await startTestPlatform(postgres!, { redisUrl, heartbeatIntervalMs: 1_000 });
      second = await createPlatform({
        port: 0,
        logger: () => undefined,
        database: first.database.options,
        redisUrl,
        heartbeatIntervalMs: 1_000,
      });
      const streams = countListeners(second.context.events);
      expect(second.bootstrap).toBeNull();
      const admin = await loginBootstrapAdmin(first.platform);
      const setup = await setUpThroughAdminApi(admin, first.platform.url);
      // The agent talks to the second process only.
      agent = await startAgent(groveAgent, second.url, setup.envSecret, directory);
      expect((await agentCall(agent, setup.token, 'DELETE', 'orders/2')).status).toBe(403);
      await waitFor(() => streams() > 0);

      expect(await grantDeleteAndWait(admin, setup, agent)).toBeLessThan(1_000);
    });
  },
);
