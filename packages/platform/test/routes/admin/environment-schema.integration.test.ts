import { agentCall } from '../../helpers/agent-call';
import { callAdmin, loginBootstrapAdmin } from '../../helpers/admin-client';
import type { AdminClient } from '../../helpers/admin-client';
import { sampleApimap } from '../../helpers/sample-apimap';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

describe('admin environment schema', () => {
  let test: TestPlatform;
  let admin: AdminClient;
  let path: string;

  beforeAll(async () => {
    test = await startTestPlatform({ name: 'SQLite', url: 'sqlite' });
    admin = await loginBootstrapAdmin(test.platform);
    const { project, environment } = test.platform.bootstrap!;
    path = `/api/admin/projects/${project.id}/environments/${environment.id}/schema`;
  });
  afterAll(async () => {
    await test.stop();
  });

  it('answers an empty list until the agent sends a schema, then its collections', async () => {
    const before = await admin.call('GET', path);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ data: { collections: [] } });

    const upload = await agentCall(
      test.platform.url,
      test.platform.bootstrap!.envSecret,
      '/forest/apimaps',
      { body: sampleApimap() },
    );
    expect(upload.status).toBe(204);

    const after = await admin.call('GET', path);
    expect(after.status).toBe(200);
    const [customers, orders] = after.body.data.collections;
    expect(customers).toEqual({
      name: 'customers',
      fields: [{ name: 'id', type: 'Number', filterOperators: expect.any(Array) }],
      actions: [],
    });
    expect(orders.actions).toEqual([{ name: 'Archive' }]);
    const status = orders.fields.find((field: { name: string }) => field.name === 'status');
    expect(status.type).toBe('String');
    expect(status.filterOperators).toEqual(expect.arrayContaining(['equal', 'contains', 'in']));
    expect(customers.fields[0].filterOperators).toEqual(
      expect.arrayContaining(['greater_than', 'equal']),
    );
    expect(customers.fields[0].filterOperators).not.toContain('contains');
  });

  it("answers 404 for another project's environment", async () => {
    const other = await admin.call('POST', '/api/admin/projects', { name: 'Other' });
    const environment = await admin.call(
      'POST',
      `/api/admin/projects/${other.body.data.id}/environments`,
      { name: 'Prod' },
    );
    const { project } = test.platform.bootstrap!;
    const response = await admin.call(
      'GET',
      `/api/admin/projects/${project.id}/environments/${environment.body.data.id}/schema`,
    );
    expect(response.status).toBe(404);
  });

  it('answers 401 without a session', async () => {
    expect((await callAdmin(test.platform.url, 'GET', path)).status).toBe(401);
  });
});
