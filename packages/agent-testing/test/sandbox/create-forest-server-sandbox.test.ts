import {
  createForestServerSandbox,
  type ForestServerSandbox,
} from '../../src/sandbox/create-forest-server-sandbox';
import type { SandboxLogLevel } from '../../src/sandbox/sandbox-context';

const envSecret = 'a'.repeat(64);

describe('createForestServerSandbox', () => {
  let sandbox: ForestServerSandbox;
  const logs: [SandboxLogLevel, string][] = [];

  beforeAll(async () => {
    sandbox = await createForestServerSandbox(0, {
      logger: (level, message) => logs.push([level, message]),
    });
  });
  afterAll(() => sandbox.close());

  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'forest-secret-key': envSecret, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();

    return {
      status: response.status,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
  };

  it('listens on the free port it picked, on 127.0.0.1', () => {
    expect(sandbox.port).toBeGreaterThan(0);
    expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}`);
  });

  it('always asks for the schema, and keeps the uploaded one', async () => {
    expect(await call('POST', '/forest/apimaps/hashcheck', { schemaFileHash: 'abc' })).toEqual({
      status: 200,
      body: { sendSchema: true },
    });
    const apimap = {
      data: [{ type: 'collections', id: 'books', attributes: { name: 'books' } }],
      included: [],
    };

    expect((await call('POST', '/forest/apimaps', apimap)).status).toBe(200);
    expect(sandbox.schema(envSecret)).toEqual({ collections: [{ name: 'books', actions: [] }] });
  });

  it('answers the IP whitelist as disabled', async () => {
    expect(await call('GET', '/liana/v1/ip-whitelist-rules')).toMatchObject({
      status: 200,
      body: { data: { attributes: { use_ip_whitelist: false, rules: [] } } },
    });
  });

  it('answers the users and a permissive rendering', async () => {
    expect((await call('GET', '/liana/v4/permissions/users')).body).toEqual([
      expect.objectContaining({ id: 1, roleId: 1, permissionLevel: 'admin', tags: {} }),
    ]);
    expect((await call('GET', '/liana/v4/permissions/renderings/1')).body).toEqual({
      team: { id: 1, name: 'admin' },
      collections: {},
      stats: [],
    });
  });

  it('derives environment rights from the schema and merges overrides', async () => {
    await call('POST', '/permission-override', { books: { collection: { editEnabled: false } } });
    await call('POST', '/permission-override', { books: { collection: { addEnabled: false } } });
    const { body } = await call('GET', '/liana/v4/permissions/environment');

    expect(body).toMatchObject({
      collections: {
        books: { collection: { browseEnabled: true, editEnabled: false, addEnabled: false } },
      },
    });
    expect(sandbox.permissionOverride(envSecret)).toEqual({
      books: { collection: { editEnabled: false, addEnabled: false }, actions: {} },
    });
  });

  it('clears the override with DELETE or with an empty object', async () => {
    await call('POST', '/permission-override', { books: { collection: { editEnabled: false } } });
    await call('DELETE', '/permission-override');

    expect(sandbox.permissionOverride(envSecret)).toEqual({});

    await call('POST', '/permission-override', { books: { collection: { editEnabled: false } } });
    await call('POST', '/permission-override', {});

    expect(sandbox.permissionOverride(envSecret)).toEqual({});
  });

  it('refuses an invalid override', async () => {
    expect(
      await call('POST', '/permission-override', { books: { collection: { editEnabled: 1 } } }),
    ).toEqual({
      status: 400,
      body: {
        errors: [
          { detail: 'Invalid permission override: books.collection.editEnabled must be a boolean' },
        ],
      },
    });
  });

  it('answers OIDC discovery and registers clients with a 201', async () => {
    const discovery = await call('GET', '/oidc/.well-known/openid-configuration');

    expect(discovery.body).toMatchObject({
      issuer: `${sandbox.url}/oidc`,
      registration_endpoint: `${sandbox.url}/oidc/reg`,
      jwks_uri: `${sandbox.url}/oidc/jwks`,
    });
    expect(await call('POST', '/oidc/reg', { token_endpoint_auth_method: 'none' })).toMatchObject({
      status: 201,
      body: { client_id: 'grove-sandbox-client' },
    });
  });

  it('accepts activity logs and their status', async () => {
    const bearer = { authorization: 'Bearer user-token' };
    const created = await call(
      'POST',
      '/api/activity-logs-requests/mcp',
      { action: 'index' },
      bearer,
    );
    const { id } = (created.body as { data: { id: string } }).data;

    expect(created.body).toEqual({
      data: { id, type: 'activity-logs', attributes: { index: 'sandbox' } },
    });
    expect(
      (
        await call('PATCH', `/api/activity-logs-requests/sandbox/${id}/status`, {
          status: 'completed',
        })
      ).status,
    ).toBe(204);
    expect(sandbox.activityLogs()).toEqual([
      { id, body: { action: 'index' }, status: 'completed' },
    ]);
  });

  it('answers 401 to an environment call without env secret', async () => {
    expect(
      await call('GET', '/liana/v4/permissions/users', undefined, { 'forest-secret-key': '' }),
    ).toEqual({
      status: 401,
      body: { errors: [{ detail: 'Missing the forest-secret-key header' }] },
    });
  });

  it('answers unknown routes with a JSON 404 and logs them in debug', async () => {
    expect(await call('GET', '/liana/unknown?x=1')).toEqual({
      status: 404,
      body: { errors: [{ detail: 'Sandbox: no route for GET /liana/unknown' }] },
    });
    expect(sandbox.unhandledRequests).toEqual(['GET /liana/unknown']);
    expect(logs).toContainEqual(['Debug', 'No route for GET /liana/unknown?x=1']);
  });

  it('answers malformed JSON with a 400', async () => {
    const response = await fetch(`${sandbox.url}/permission-override`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'forest-secret-key': envSecret },
      body: '{',
    });

    expect(response.status).toBe(400);
  });
});

describe('closing a sandbox', () => {
  it('frees its port, and close and stop can both be called', async () => {
    const sandbox = await createForestServerSandbox(0);
    await sandbox.close();
    await sandbox.stop();

    await expect(fetch(`${sandbox.url}/liana/v1/ip-whitelist-rules`)).rejects.toThrow();
  });

  it('listens on the port it is given', async () => {
    const first = await createForestServerSandbox(0);
    const { port } = first;
    await first.close();
    const sandbox = await createForestServerSandbox(port);

    expect(sandbox.port).toBe(port);
    await sandbox.close();
  });
});
