import { GroveError } from '@grove/datasource-toolkit';

import type { ApiTokenLevel, ApiTokenScope } from '../src';
import type { TestApi } from './support/public-api-test-server';
import { startTestApi } from './support/public-api-test-server';
import { seedProjects } from './support/fixtures';

const ENV = '/v1/project/Acme/environment/production';
const NOTE = { collectionName: 'orders', recordId: '1', title: 't', content: '<p>c</p>' };

interface Endpoint {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly scope: ApiTokenScope;
  readonly write: boolean;
  readonly admin: boolean;
  readonly ok: number;
}

const ENDPOINTS: readonly Endpoint[] = [
  {
    name: 'activity logs',
    method: 'GET',
    path: `${ENV}/activity-logs`,
    scope: 'activity_logs:read',
    write: false,
    admin: true,
    ok: 200,
  },
  {
    name: 'activity-log export',
    method: 'GET',
    path: `${ENV}/activity-logs/export`,
    scope: 'activity_logs:read',
    write: false,
    admin: true,
    ok: 200,
  },
  {
    name: 'admin logs',
    method: 'GET',
    path: '/v1/project/Acme/admin-logs',
    scope: 'admin_logs:read',
    write: false,
    admin: true,
    ok: 200,
  },
  {
    name: 'admin-log export',
    method: 'GET',
    path: '/v1/project/Acme/admin-logs/export',
    scope: 'admin_logs:read',
    write: false,
    admin: true,
    ok: 200,
  },
  {
    name: 'note list',
    method: 'GET',
    path: `${ENV}/notes`,
    scope: 'notes:read',
    write: false,
    admin: true,
    ok: 200,
  },
  {
    name: 'note',
    method: 'GET',
    path: `${ENV}/notes/{note}`,
    scope: 'notes:read',
    write: false,
    admin: true,
    ok: 200,
  },
  {
    name: 'note creation',
    method: 'POST',
    path: `${ENV}/notes`,
    body: NOTE,
    scope: 'notes:write',
    write: true,
    admin: true,
    ok: 201,
  },
  {
    name: 'note change',
    method: 'PATCH',
    path: `${ENV}/notes/{note}`,
    body: { title: 'x' },
    scope: 'notes:write',
    write: true,
    admin: true,
    ok: 200,
  },
  {
    name: 'note message',
    method: 'POST',
    path: `${ENV}/notes/{note}/messages`,
    body: { content: 'hi' },
    scope: 'notes:write',
    write: true,
    admin: true,
    ok: 201,
  },
  {
    name: 'workflow run',
    method: 'GET',
    path: `${ENV}/workflow-runs/{run}`,
    scope: 'workflows:trigger',
    write: false,
    admin: false,
    ok: 200,
  },
];

describe.each(ENDPOINTS)('rights of $name', endpoint => {
  let api: TestApi;
  let path: string;

  beforeEach(async () => {
    api = await startTestApi();
    const { production } = seedProjects(api.store);
    const setup = api.store.addToken({});
    const owner = {
      token: setup.token,
      owner: {
        id: 7,
        email: 'ada@acme.test',
        firstName: 'Ada',
        lastName: 'L',
        isProjectAdmin: true,
      },
    };
    const note = await api.store.createNote(owner, { environment: production, ...NOTE });
    const { runId } = await api.store.startWorkflowRun(
      owner,
      {
        workflowId: 1,
        name: 'w',
        projectId: 1,
        projectName: 'Acme',
        environmentId: production.id,
        environmentName: 'production',
        webhookEnabled: true,
        urlVersion: 1,
      },
      '1',
      'webhook',
    );
    path = endpoint.path.replace('{note}', String(note.id)).replace('{run}', runId);
    api.store.calls.length = 0;
  });
  afterEach(() => api.close());

  const call = (
    scopes: ApiTokenScope[],
    level: ApiTokenLevel = 'read-write',
    isProjectAdmin = true,
  ) =>
    api.call(endpoint.method, path, {
      token: api.store.addToken({ scopes, level, owner: { isProjectAdmin } }).value,
      body: endpoint.body,
    });

  it('is granted by its scope and by all', async () => {
    expect((await call([endpoint.scope])).status).toBe(endpoint.ok);
    expect((await call(['all'])).status).toBe(endpoint.ok);
  });

  it('is refused (403 + X-Accepted-Scopes) to the other scopes, with nothing read or written', async () => {
    const others = (
      [
        'activity_logs:read',
        'admin_logs:read',
        'notes:read',
        'notes:write',
        'workflows:trigger',
      ] as const
    ).filter(scope => scope !== endpoint.scope);
    const response = await call([...others]);

    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({
      error: 'Forbidden',
      message: 'Insufficient permissions for this operation',
      code: 'insufficient_scope',
    });
    expect(response.headers.get('x-accepted-scopes')).toBe(`${endpoint.scope}, all`);
    expect(api.store.calls.filter(name => name !== 'findToken')).toEqual([]);
  });

  it(`${endpoint.write ? 'needs' : 'does not need'} a read-write token`, async () => {
    expect((await call(['all'], 'read-only')).status).toBe(endpoint.write ? 403 : endpoint.ok);
  });

  it(`${endpoint.admin ? 'needs' : 'does not need'} an owner who is Admin of the project`, async () => {
    expect((await call(['all'], 'read-write', false)).status).toBe(
      endpoint.admin ? 403 : endpoint.ok,
    );
  });

  it('answers 404 for another project name, even differing only by case', async () => {
    const response = await api.call(endpoint.method, path.replace('/Acme/', '/ACME/'), {
      token: api.store.addToken({}).value,
      body: endpoint.body,
    });

    expect(response.status).toBe(404);
  });
});

describe('store errors', () => {
  let api: TestApi;

  beforeEach(async () => {
    api = await startTestApi();
    seedProjects(api.store);
  });
  afterEach(() => api.close());

  it('maps GroveError codes to statuses, with their message', async () => {
    api.store.listAdminLogs = async () => {
      throw new GroveError('ForbiddenError', 'Your team cannot see this');
    };
    const response = await api.call('GET', '/v1/project/Acme/admin-logs', {
      token: api.store.addToken({}).value,
    });

    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({
      error: 'Forbidden',
      message: 'Your team cannot see this',
      code: 'forbidden',
    });
  });

  it('answers any other error as a 500 that leaks nothing, and logs it', async () => {
    const secret = new Error('connect ECONNREFUSED 10.0.0.3:5432 password=hunter2');
    api.store.listAdminLogs = async () => {
      throw secret;
    };
    const response = await api.call('GET', '/v1/project/Acme/admin-logs', {
      token: api.store.addToken({}).value,
    });

    expect(response.status).toBe(500);
    expect(response.json).toEqual({
      error: 'Internal Server Error',
      message: 'Unexpected error',
      code: 'internal_error',
      request_id: response.headers.get('x-request-id'),
    });
    expect(api.logs).toEqual([
      { level: 'Error', message: 'Public API: unexpected error', error: secret },
    ]);
  });
});
