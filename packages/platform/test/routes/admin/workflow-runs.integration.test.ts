import { callAdmin, loginBootstrapAdmin } from '../../helpers/admin-client';
import type { AdminClient } from '../../helpers/admin-client';
import { agentCall } from '../../helpers/agent-call';
import { sampleApimap } from '../../helpers/sample-apimap';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

describe.each(availableServers())("admin: a workflow's runs on $name", server => {
  let test: TestPlatform;
  let admin: AdminClient;
  let projectId: number;
  let environmentId: number;
  let workflows: string;
  let workflowId: number;
  let otherWorkflowId: number;

  beforeAll(async () => {
    test = await startTestPlatform(server);
    admin = await loginBootstrapAdmin(test.platform);
    projectId = test.platform.bootstrap!.project.id;
    environmentId = test.platform.bootstrap!.environment.id;
    workflows = `/api/admin/projects/${projectId}/environments/${environmentId}/workflows`;
    const upload = await agentCall(
      test.platform.url,
      test.platform.bootstrap!.envSecret,
      '/forest/apimaps',
      { body: sampleApimap() },
    );
    expect(upload.status).toBe(204);
    const create = async (name: string) =>
      (
        await admin.call('POST', workflows, {
          name,
          collectionName: 'orders',
          steps: [{ actionName: 'Archive', values: {} }],
        })
      ).body.data.id as number;
    workflowId = await create('Archive');
    otherWorkflowId = await create('Other');
    const { models } = test.platform.context.db;
    // Three runs of the workflow, one minute apart, and one of another workflow.
    const run = (id: string, wf: number, minutesAgo: number, status: 'succeeded' | 'failed') => ({
      id,
      workflowId: wf,
      environmentId,
      recordId: `r${id.slice(-1)}`,
      userId: admin.userId,
      userEmail: test.platform.bootstrap!.adminEmail,
      source: 'webhook',
      status,
      activeKey: null,
      steps: [
        status === 'failed'
          ? { index: 0, actionName: 'Archive', status: 'failed' as const, error: '403: refused' }
          : { index: 0, actionName: 'Archive', status: 'succeeded' as const },
      ],
      finishedAt: new Date(),
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    await models.WorkflowRun.create(
      run('00000000-0000-4000-8000-000000000001', workflowId, 3, 'succeeded'),
    );
    await models.WorkflowRun.create(
      run('00000000-0000-4000-8000-000000000002', workflowId, 2, 'failed'),
    );
    await models.WorkflowRun.create(
      run('00000000-0000-4000-8000-000000000003', workflowId, 1, 'succeeded'),
    );
    await models.WorkflowRun.create(
      run('00000000-0000-4000-8000-000000000004', otherWorkflowId, 0, 'succeeded'),
    );
  });
  afterAll(async () => {
    await test.stop();
  });

  it('lists the runs of the workflow, newest first, paged, with their steps', async () => {
    const all = await admin.call('GET', `${workflows}/${workflowId}/runs`);
    expect(all.status).toBe(200);
    expect(all.body.data.map((run: { id: string }) => run.id.slice(-1))).toEqual(['3', '2', '1']);
    expect(all.body.meta).toEqual({ page: 1, pageSize: 20, total: 3 });
    expect(all.body.data[1]).toMatchObject({
      workflowId,
      environmentId,
      recordId: 'r2',
      userId: admin.userId,
      userEmail: test.platform.bootstrap!.adminEmail,
      source: 'webhook',
      status: 'failed',
      steps: [{ index: 0, actionName: 'Archive', status: 'failed', error: '403: refused' }],
    });
    const second = await admin.call('GET', `${workflows}/${workflowId}/runs?page=2&pageSize=2`);
    expect(second.body.data.map((run: { id: string }) => run.id.slice(-1))).toEqual(['1']);
    expect(second.body.meta).toEqual({ page: 2, pageSize: 2, total: 3 });
  });

  it('refuses a bad page with a 400 naming the parameter', async () => {
    for (const query of ['page=0', 'pageSize=101', 'pageSize=x']) {
      const response = await admin.call('GET', `${workflows}/${workflowId}/runs?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].detail).toMatch(new RegExp(`^${query.split('=')[0]} is`));
    }
  });

  it("answers 401 without a session, 404 for another project's environment or workflow", async () => {
    expect(
      (await callAdmin(test.platform.url, 'GET', `${workflows}/${workflowId}/runs`)).status,
    ).toBe(401);
    const otherProject = await admin.call('POST', '/api/admin/projects', {
      name: 'Runs elsewhere',
    });
    const elsewhere = otherProject.body.data.id as number;
    const environment = await admin.call('POST', `/api/admin/projects/${elsewhere}/environments`, {
      name: 'Production',
    });
    const otherEnvironment = environment.body.data.id as number;
    const crossed = `/api/admin/projects/${projectId}/environments/${otherEnvironment}/workflows/${workflowId}/runs`;
    expect((await admin.call('GET', crossed)).status).toBe(404);
    const foreign = `/api/admin/projects/${elsewhere}/environments/${otherEnvironment}/workflows/${workflowId}/runs`;
    expect((await admin.call('GET', foreign)).status).toBe(404);
    expect((await admin.call('GET', `${workflows}/99999/runs`)).status).toBe(404);
  });
});
