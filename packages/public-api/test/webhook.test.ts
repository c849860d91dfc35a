import { signWorkflowWebhookId } from '../src';
import type { WorkflowTrigger } from '../src';
import type { TestApi } from './support/public-api-test-server';
import { startTestApi } from './support/public-api-test-server';
import { seedProjects } from './support/fixtures';

describe('workflow webhook', () => {
  let api: TestApi;
  let token: string;
  let trigger: WorkflowTrigger;
  let url: string;

  beforeEach(async () => {
    api = await startTestApi();
    const { production } = seedProjects(api.store);
    token = api.store.addToken({ scopes: ['workflows:trigger'] }).value;
    trigger = {
      workflowId: 12,
      name: 'Refund',
      projectId: 1,
      projectName: 'Acme',
      environmentId: production.id,
      environmentName: 'production',
      webhookEnabled: true,
      urlVersion: 2,
    };
    api.store.triggers.set(12, trigger);
    url = `/v1/webhooks/workflows/${signWorkflowWebhookId(api.webhookKey, 12, 2)}`;
  });
  afterEach(() => api.close());

  const starts = () => api.store.calls.filter(call => call === 'startWorkflowRun');

  it('starts a run: 202 {runId} + Location of the run, which reads back', async () => {
    const response = await api.call('POST', url, { token, body: { record_id: '42', extra: true } });
    const runId = response.json.runId as string;
    const location = response.headers.get('location')!;
    const run = await api.call('GET', location.slice(api.url.length), { token });

    expect(response.status).toBe(202);
    expect(location).toBe(
      `${api.url}/v1/project/Acme/environment/production/workflow-runs/${runId}`,
    );
    expect(run.json).toMatchObject({
      object: 'workflowRun',
      id: runId,
      recordId: '42',
      source: 'webhook',
    });
  });

  it('answers 409 run_in_progress while a run is ongoing on the record', async () => {
    await api.call('POST', url, { token, body: { record_id: '42' } });
    const again = await api.call('POST', url, { token, body: { record_id: '42' } });
    const other = await api.call('POST', url, { token, body: { record_id: '43' } });

    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      error: 'Conflict',
      message: 'A run of this workflow is already ongoing on this record.',
      code: 'run_in_progress',
    });
    expect(other.status).toBe(202);
  });

  it('checks the token first: 401 even with a tampered URL', async () => {
    const response = await api.call('POST', `${url}x`, { body: { record_id: '42' } });

    expect(response.status).toBe(401);
  });

  it.each([
    ['a tampered signature', (id: string) => `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`],
    ['another workflow id', (id: string) => id.replace(/^12\./, '13.')],
    ['garbage', () => 'not-a-signed-id'],
  ])('answers 400 invalid_webhook_url to %s, before the store', async (_, tamper) => {
    const signed = url.split('/').pop()!;
    const response = await api.call('POST', `/v1/webhooks/workflows/${tamper(signed)}`, {
      token,
      body: { record_id: '42' },
    });

    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'Bad Request', code: 'invalid_webhook_url' });
    expect(api.store.calls).toEqual(['findToken']);
  });

  it('answers 400 superseded_url to a URL of an older version', async () => {
    const old = `/v1/webhooks/workflows/${signWorkflowWebhookId(api.webhookKey, 12, 1)}`;
    const response = await api.call('POST', old, { token, body: { record_id: '42' } });

    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: 'superseded_url' });
    expect(starts()).toEqual([]);
  });

  it('answers 404 when the trigger is disabled or the workflow unknown, and comes back when re-enabled', async () => {
    api.store.triggers.set(12, { ...trigger, webhookEnabled: false });
    const disabled = await api.call('POST', url, { token, body: { record_id: '42' } });
    const unknown = await api.call(
      'POST',
      `/v1/webhooks/workflows/${signWorkflowWebhookId(api.webhookKey, 77, 1)}`,
      { token, body: { record_id: '42' } },
    );
    api.store.triggers.set(12, trigger);
    const enabled = await api.call('POST', url, { token, body: { record_id: '42' } });

    expect([disabled.status, unknown.status, enabled.status]).toEqual([404, 404, 202]);
  });

  it('answers 404 to a token of another project', async () => {
    const other = api.store.addToken({ projectId: 2, projectName: 'Other', scopes: ['all'] }).value;
    const response = await api.call('POST', url, { token: other, body: { record_id: '42' } });

    expect(response.status).toBe(404);
    expect(starts()).toEqual([]);
  });

  it.each([
    ['a read-only token', { scopes: ['all' as const], level: 'read-only' as const }],
    ['a token without workflows:trigger', { scopes: ['notes:write' as const] }],
  ])('answers 403 to %s', async (_, options) => {
    const weak = api.store.addToken(options).value;
    const response = await api.call('POST', url, { token: weak, body: { record_id: '42' } });

    expect(response.status).toBe(403);
    expect(response.headers.get('x-accepted-scopes')).toBe('workflows:trigger, all');
    expect(starts()).toEqual([]);
  });

  it.each([
    ['no body', undefined, 'record_id'],
    ['an empty record_id', { record_id: '' }, 'record_id'],
    ['a numeric record_id', { record_id: 42 }, 'record_id'],
    ['a record_id over 1024 characters', { record_id: 'x'.repeat(1025) }, 'record_id'],
  ])('answers 400 to %s', async (_, body, param) => {
    const response = await api.call('POST', url, { token, body });

    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: 'invalid_parameter', param });
    expect(starts()).toEqual([]);
  });

  it('answers 400 invalid_json to broken JSON', async () => {
    const response = await api.call('POST', url, { token, rawBody: '{"record_id":' });

    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: 'invalid_json' });
  });

  it('run status: 404 for an unknown run, 403 without the scope, 400 for a bad id', async () => {
    const notes = api.store.addToken({ scopes: ['notes:read'] }).value;
    const base = '/v1/project/Acme/environment/production/workflow-runs';

    expect(
      (await api.call('GET', `${base}/00000000-0000-0000-0000-000000000000`, { token })).status,
    ).toBe(404);
    expect((await api.call('GET', `${base}/abc`, { token: notes })).status).toBe(403);
    expect((await api.call('GET', `${base}/a.b`, { token })).json).toMatchObject({
      param: 'runId',
    });
  });
});
