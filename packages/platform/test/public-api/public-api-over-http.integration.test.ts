import { randomUUID } from 'node:crypto';

import { expectNothingChanged, loginBootstrapAdmin } from '../helpers/admin-client';
import type { AdminClient } from '../helpers/admin-client';
import { agentCall } from '../helpers/agent-call';
import { publicApiClient } from '../helpers/public-api-client';
import type { PublicApiCall } from '../helpers/public-api-client';
import { sampleApimap } from '../helpers/sample-apimap';
import { availableServers } from '../helpers/test-databases';
import { startTestPlatform } from '../helpers/test-platform';
import type { TestPlatform } from '../helpers/test-platform';

const UNAUTHORIZED = { error: 'Unauthorized', message: 'Invalid or missing API token' };

// The public API as the platform serves it: its own store over real rows, the admin API's tokens.
describe.each(availableServers())('the platform serves the public API (/v1) on $name', server => {
  let test: TestPlatform;
  let admin: AdminClient;
  let call: PublicApiCall;
  let projectId: number;
  let project: string;
  let environment: string;
  let token: string;
  let tokenId: number;

  const createToken = async (body: Record<string, unknown>) => {
    const created = await admin.call('POST', `/api/admin/projects/${projectId}/api-tokens`, {
      name: `token ${randomUUID()}`,
      ...body,
    });
    expect(created.status).toBe(201);

    return { value: created.body.token as string, id: created.body.apiToken.id as number };
  };

  beforeAll(async () => {
    test = await startTestPlatform(server);
    admin = await loginBootstrapAdmin(test.platform);
    call = publicApiClient(test.platform.url);
    const { bootstrap } = test.platform;
    projectId = bootstrap!.project.id;
    project = encodeURIComponent(bootstrap!.project.name);
    environment = encodeURIComponent(bootstrap!.environment.name);
    ({ value: token, id: tokenId } = await createToken({ level: 'read-write', scopes: ['all'] }));
  });
  afterAll(async () => {
    await test.stop();
  });

  const envPath = (rest: string) => `/v1/project/${project}/environment/${environment}${rest}`;

  it('creates a note as the token’s owner, lists it, and shows it in the activity logs', async () => {
    const created = await call('POST', envPath('/notes'), token, {
      collectionName: 'orders',
      recordId: '42',
      title: 'Refund asked',
      content: '<p>Customer called <script>alert(1)</script><b>twice</b></p>',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'note',
      title: 'Refund asked',
      recordId: '42',
      collection: { object: 'collection', name: 'orders' },
      team: { object: 'team', name: 'Operations' },
      messages: [{ content: '<p>Customer called <b>twice</b></p>' }],
    });

    const notes = await call('GET', envPath('/notes?recordId=42'), token);
    expect(notes.status).toBe(200);
    expect((notes.body.data as { id: number }[]).map(note => note.id)).toEqual([created.body.id]);

    const logs = await call('GET', envPath('/activity-logs?action=createNote'), token);
    expect(logs.body).toMatchObject({
      hasMore: false,
      parameters: { limit: 10, action: 'createNote' },
      data: [
        {
          object: 'activityLog',
          action: 'createNote',
          type: 'write',
          source: 'api',
          recordIds: ['42'],
          collection: { object: 'collection', name: 'orders' },
          user: { object: 'user', email: test.platform.bootstrap!.adminEmail },
          team: { object: 'team', name: 'Operations' },
        },
      ],
    });
  });

  it('shows the token’s creation in the admin logs, and headers on every answer', async () => {
    const logs = await call('GET', `/v1/project/${project}/admin-logs?resource=api-token`, token);

    expect(logs.status).toBe(200);
    expect(logs.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          object: 'adminLog',
          type: 'add',
          resource: 'api-token',
          initiator: 'administrator',
          user: expect.objectContaining({ email: test.platform.bootstrap!.adminEmail }),
        }),
      ]),
    );
    expect(JSON.stringify(logs.body)).not.toContain(token);
    expect(logs.headers.get('x-ratelimit-limit')).toBe('60');
    expect(Number(logs.headers.get('x-ratelimit-remaining'))).toBeLessThan(60);
    expect(logs.headers.get('x-request-id')).toBeTruthy();
  });

  it('matches names exactly: wrong case or another project is a 404, bad input a 400, nothing written', async () => {
    await expectNothingChanged(test.platform, async () => {
      const lower =
        project.toLowerCase() === project ? project.toUpperCase() : project.toLowerCase();
      expect((await call('GET', `/v1/project/${lower}/admin-logs`, token)).status).toBe(404);
      expect((await call('GET', `/v1/project/elsewhere/admin-logs`, token)).status).toBe(404);
      expect((await call('GET', envPath('/activity-logs?limit=0'), token)).body).toMatchObject({
        error: 'Bad Request',
      });
      expect(
        (await call('GET', envPath('/activity-logs?createdAt.gte=yesterday'), token)).status,
      ).toBe(400);
      const tooLong = await call('POST', envPath('/notes'), token, {
        collectionName: 'orders',
        recordId: '42',
        title: 'Too long',
        content: 'x'.repeat(10_001),
      });
      expect(tooLong.status).toBe(413);
      expect((await call('POST', envPath('/notes'), token, { title: 'no record' })).status).toBe(
        400,
      );
    });
  });

  it('refuses a read-only token’s writes and a token without the scope (403)', async () => {
    const readOnly = await createToken({
      level: 'read-only',
      scopes: ['notes:read', 'notes:write'],
    });
    const logsOnly = await createToken({ level: 'read-only', scopes: ['admin_logs:read'] });
    // A first use stamps each token's `lastUsedAt` (at most once a minute): then nothing moves.
    expect((await call('GET', envPath('/notes'), readOnly.value)).status).toBe(200);
    expect((await call('GET', `/v1/project/${project}/admin-logs`, logsOnly.value)).status).toBe(
      200,
    );

    await expectNothingChanged(test.platform, async () => {
      const write = await call('POST', envPath('/notes'), readOnly.value, {
        collectionName: 'orders',
        recordId: '1',
        title: 'Nope',
        content: 'nope',
      });
      expect(write.status).toBe(403);
      expect(write.body).toMatchObject({
        error: 'Forbidden',
        message: 'Insufficient permissions for this operation',
      });
      expect((await call('GET', envPath('/activity-logs'), logsOnly.value)).status).toBe(403);
    });
  });

  it('triggers a workflow through its signed URL; a regenerated URL stops the old one', async () => {
    const { envSecret, environment: env } = test.platform.bootstrap!;
    expect(
      (await agentCall(test.platform.url, envSecret, '/forest/apimaps', { body: sampleApimap() }))
        .status,
    ).toBe(204);
    const workflows = `/api/admin/projects/${projectId}/environments/${env.id}/workflows`;
    const created = await admin.call('POST', workflows, {
      name: 'Archive it',
      collectionName: 'orders',
      steps: [{ actionName: 'Archive', values: {} }],
      webhookEnabled: true,
    });
    expect(created.status).toBe(201);
    const webhook = `${workflows}/${created.body.data.id}/webhook`;
    const url = new URL((await admin.call('GET', webhook)).body.data.url as string);

    const accepted = await call('POST', url.pathname, token, { record_id: '7' });
    expect(accepted.status).toBe(202);
    const runPath = new URL(accepted.headers.get('location')!).pathname;
    const run = await call('GET', runPath, token);
    expect(run.body).toMatchObject({
      object: 'workflowRun',
      id: accepted.body.runId,
      recordId: '7',
      source: 'webhook',
      workflow: { name: 'Archive it' },
    });

    expect((await call('POST', url.pathname, token, {})).status).toBe(400);
    expect(
      (await call('POST', `${url.pathname.slice(0, -2)}AA`, token, { record_id: '8' })).status,
    ).toBe(400);
    expect((await admin.call('POST', `${webhook}/regenerate`)).status).toBe(200);
    const superseded = await call('POST', url.pathname, token, { record_id: '9' });
    expect(superseded.status).toBe(400);
    expect(superseded.body).toMatchObject({ code: 'superseded_url' });
  });

  it('refuses an expired token with the seed’s message, and unknown enums or limit 101', async () => {
    const expiring = await createToken({ level: 'read-only', scopes: ['activity_logs:read'] });
    const path = envPath('/activity-logs');
    expect((await call('GET', `${path}?limit=101`, expiring.value)).status).toBe(400);
    expect((await call('GET', `${path}?action=destroy`, expiring.value)).status).toBe(400);
    expect((await call('GET', `${path}?type=READ`, expiring.value)).status).toBe(400);

    await test.platform.context.db.models.ApiToken.update(
      { expiresAt: new Date(Date.now() - 1000) },
      { where: { id: expiring.id } },
    );
    const refused = await call('GET', path, expiring.value);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      error: 'Unauthorized',
      message: 'API token has expired',
    });
  });

  it('refuses a revoked token on the very next request', async () => {
    const doomed = await createToken({ level: 'read-only', scopes: ['admin_logs:read'] });
    const path = `/v1/project/${project}/admin-logs`;
    expect((await call('GET', path, doomed.value)).status).toBe(200);

    const revoked = await admin.call(
      'DELETE',
      `/api/admin/projects/${projectId}/api-tokens/${doomed.id}`,
    );
    expect(revoked.status).toBe(204);
    const refused = await call('GET', path, doomed.value);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject(UNAUTHORIZED);
    expect((await call('GET', path, token)).status).toBe(200);
    expect(tokenId).not.toBe(doomed.id);
  });
});
