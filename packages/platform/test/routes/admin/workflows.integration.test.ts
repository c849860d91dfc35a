import { WORKFLOW_WEBHOOK_PATH, verifyWorkflowWebhookId } from '@grove/public-api';

import {
  addMember,
  expectNothingChanged,
  loginAdmin,
  loginBootstrapAdmin,
} from '../../helpers/admin-client';
import type { AdminClient } from '../../helpers/admin-client';
import { agentCall } from '../../helpers/agent-call';
import { sampleApimap } from '../../helpers/sample-apimap';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

describe.each(availableServers())('admin workflows on $name', server => {
  let test: TestPlatform;
  let admin: AdminClient;
  let projectId: number;
  let environmentId: number;
  let path: string;

  beforeAll(async () => {
    test = await startTestPlatform(server);
    admin = await loginBootstrapAdmin(test.platform);
    projectId = test.platform.bootstrap!.project.id;
    environmentId = test.platform.bootstrap!.environment.id;
    path = `/api/admin/projects/${projectId}/environments/${environmentId}/workflows`;
    // The schema the checks read: `orders` with its action `Archive`, and `customers`.
    const upload = await agentCall(
      test.platform.url,
      test.platform.bootstrap!.envSecret,
      '/forest/apimaps',
      { body: sampleApimap() },
    );
    expect(upload.status).toBe(204);
  });
  afterAll(async () => {
    await test.stop();
  });

  const valid = (name: string) => ({
    name,
    collectionName: 'orders',
    steps: [{ actionName: 'Archive', values: { reason: 'done' } }],
  });
  const adminLogs = () =>
    test.platform.context.db.models.AdminLog.findAll({
      where: { resourceType: 'workflow' },
      order: [['id', 'ASC']],
    }).then(rows => rows.map(row => row.get({ plain: true })));

  it('creates, lists, reads, edits and deletes a workflow, each change admin-logged', async () => {
    const created = await admin.call('POST', path, { ...valid('Close'), webhookEnabled: true });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({
      id,
      environmentId,
      name: 'Close',
      collectionName: 'orders',
      steps: [{ actionName: 'Archive', values: { reason: 'done' } }],
      webhookEnabled: true,
    });
    expect((await admin.call('GET', path)).body.data.map((w: { id: number }) => w.id)).toContain(
      id,
    );
    expect((await admin.call('GET', `${path}/${id}`)).body.data.name).toBe('Close');

    const patched = await admin.call('PATCH', `${path}/${id}`, {
      name: 'Close twice',
      steps: [
        { actionName: 'Archive', values: {} },
        { actionName: 'Archive', values: { again: true } },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: 'Close twice', webhookEnabled: true });
    expect(patched.body.data.steps).toHaveLength(2);

    expect((await admin.call('DELETE', `${path}/${id}`)).status).toBe(204);
    expect((await admin.call('GET', `${path}/${id}`)).status).toBe(404);
    const logs = (await adminLogs()).filter(log => log.resourceId === String(id));
    expect(logs.map(log => log.action)).toEqual(['create', 'update', 'delete']);
    expect(logs[1]).toMatchObject({
      projectId,
      previousValues: { name: 'Close' },
      newValues: { name: 'Close twice' },
      initiatorId: admin.userId,
    });
  });

  it('refuses bad input with a 400 (409 for a taken name) and writes nothing', async () => {
    const taken = await admin.call('POST', path, valid('Taken'));
    expect(taken.status).toBe(201);
    const deep = { a: { b: { c: { d: { e: { f: { g: { h: { i: 1 } } } } } } } } };
    const cases: Array<[unknown, number, string | RegExp]> = [
      [{ ...valid('x'), name: '' }, 400, /workflow name/],
      [{ ...valid('x'), name: 'n'.repeat(256) }, 400, /workflow name/],
      [{ ...valid('x'), steps: [] }, 400, /1 to 20 steps/],
      [{ ...valid('x'), steps: Array(21).fill({ actionName: 'Archive' }) }, 400, /1 to 20/],
      [{ ...valid('x'), steps: 'Archive' }, 400, /1 to 20/],
      [{ ...valid('x'), steps: [{ actionName: 'Refund' }] }, 400, '"Refund"'],
      [{ ...valid('x'), collectionName: 'invoices' }, 400, '"invoices"'],
      [{ ...valid('x'), collectionName: 'customers' }, 400, '"Archive"'],
      [{ ...valid('x'), steps: [{ actionName: 'Archive', values: [1] }] }, 400, /JSON object/],
      [{ ...valid('x'), steps: [{ actionName: 'Archive', values: deep }] }, 400, /nested/],
      [
        { ...valid('x'), steps: [{ actionName: 'Archive', values: { big: 'x'.repeat(20_000) } }] },
        400,
        /bytes/,
      ],
      [{ ...valid('x'), steps: [{ actionName: 'Archive', run: true }] }, 400, /Unknown fields/],
      [{ ...valid('x'), webhookEnabled: 'yes' }, 400, /boolean/],
      [{ ...valid('x'), owner: 1 }, 400, /Unknown fields: owner/],
      [[valid('x')], 400, /JSON object/],
      [valid('Taken'), 409, /Already exists/],
    ];
    for (const [body, status, detail] of cases) {
      await expectNothingChanged(test.platform, async () => {
        const response = await admin.call('POST', path, body);
        expect({ body, status: response.status }).toEqual({ body, status });
        expect(response.body.errors[0].detail).toMatch(detail);
      });
    }
    const id = taken.body.data.id as number;
    for (const body of [
      { steps: [{ actionName: 'Refund' }] },
      { collectionName: 'customers' },
      { name: '' },
      {},
    ]) {
      await expectNothingChanged(test.platform, async () => {
        expect((await admin.call('PATCH', `${path}/${id}`, body)).status).toBe(400);
      });
    }
    await expectNothingChanged(test.platform, async () => {
      const other = await admin.call('POST', path, valid('Other'), { csrf: null });
      expect(other.status).toBe(403);
    });
  });

  it('answers 404 for workflows of another environment and 403 to non-admins', async () => {
    const created = await admin.call('POST', path, valid('Mine'));
    const otherProject = await admin.call('POST', '/api/admin/projects', { name: 'Elsewhere' });
    const elsewhere = otherProject.body.data.id as number;
    const environment = await admin.call('POST', `/api/admin/projects/${elsewhere}/environments`, {
      name: 'Production',
    });
    const otherEnvironment = environment.body.data.id as number;
    const foreign = `/api/admin/projects/${elsewhere}/environments/${otherEnvironment}/workflows/${created.body.data.id}`;
    expect((await admin.call('GET', foreign)).status).toBe(404);
    expect((await admin.call('DELETE', foreign)).status).toBe(404);

    await addMember(test.platform, projectId, 'Editor', 'editor-wf@grove.test');
    const editor = await loginAdmin(
      test.platform,
      'editor-wf@grove.test',
      'a long enough password',
    );
    await expectNothingChanged(test.platform, async () => {
      expect((await editor.call('POST', path, valid('Not mine'))).status).toBe(403);
      expect((await editor.call('GET', `${path}/${created.body.data.id}/webhook`)).status).toBe(
        403,
      );
    });
  });

  it('answers the webhook URL and regenerates it (the old one no longer verifies)', async () => {
    const created = await admin.call('POST', path, { ...valid('Hooked'), webhookEnabled: true });
    const id = created.body.data.id as number;
    const first = await admin.call('GET', `${path}/${id}/webhook`);
    expect(first.status).toBe(200);
    expect(first.body.data.enabled).toBe(true);
    const prefix = `${test.platform.url}${WORKFLOW_WEBHOOK_PATH}/`;
    expect(first.body.data.url.startsWith(prefix)).toBe(true);
    const key = test.platform.context.webhookKey;
    expect(verifyWorkflowWebhookId(key, first.body.data.url.slice(prefix.length))).toEqual({
      workflowId: id,
      urlVersion: 1,
    });

    const regenerated = await admin.call('POST', `${path}/${id}/webhook/regenerate`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.data.url).not.toBe(first.body.data.url);
    expect(verifyWorkflowWebhookId(key, regenerated.body.data.url.slice(prefix.length))).toEqual({
      workflowId: id,
      urlVersion: 2,
    });
    expect((await admin.call('GET', `${path}/${id}/webhook`)).body.data.url).toBe(
      regenerated.body.data.url,
    );
    const logs = (await adminLogs()).filter(log => log.resourceId === String(id));
    expect(logs.map(log => log.action)).toEqual(['create', 'regenerate-webhook']);
    expect(JSON.stringify(logs)).not.toContain(regenerated.body.data.url);
  });

  it('answers 404 for a run that does not exist', async () => {
    const runs = `/api/admin/projects/${projectId}/environments/${environmentId}/workflow-runs`;
    expect((await admin.call('GET', `${runs}/0b3c1a9e-8a8f-4d4e-9f5e-1c2d3e4f5a6b`)).status).toBe(
      404,
    );
    expect((await admin.call('GET', `${runs}/not-a-uuid`)).status).toBe(404);
  });
});
