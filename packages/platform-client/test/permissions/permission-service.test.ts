import { createPlatformClient } from '../../src';
import type { PlatformClient } from '../../src';
import { secret, startServer } from '../helpers/test-server';
import type { TestServer } from '../helpers/test-server';
import { environment, rendering, users } from './fixtures';

describe('PermissionService: rights, caching', () => {
  let server: TestServer;
  let client: PlatformClient;
  let development = false;
  const ada = { id: 2, renderingId: 34 };
  const calls = (path: string) => server.requests.filter(r => r.path === path).length;

  beforeAll(async () => {
    server = await startServer(app => {
      app.get('/liana/v4/permissions/environment', (_req, res) => {
        res.json(development ? true : environment);
      });
      app.get('/liana/v4/permissions/users', (_req, res) => {
        res.json(users);
      });
      app.get('/liana/v4/permissions/renderings/:id', (_req, res) => {
        res.json(rendering);
      });
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    development = false;
    client = createPlatformClient({ serverUrl: server.url, envSecret: secret });
  });

  it.each([
    ['canBrowse', 2, true],
    ['canBrowse', 3, false],
    ['canRead', 3, true],
    ['canEdit', 1, true],
    ['canEdit', 2, false],
    ['canAdd', 1, false],
    ['canDelete', 1, false],
    ['canExport', 3, true],
  ] as const)('%s for the user of role %i is %s', async (method, id, expected) => {
    await expect(client.permissions[method]({ id, renderingId: 34 }, 'books')).resolves.toBe(
      expected,
    );
  });

  it('denies every right on a collection the environment does not list', async () => {
    await expect(client.permissions.canRead(ada, 'unknown')).resolves.toBe(false);
  });

  it('grants everything in a development environment', async () => {
    development = true;
    await expect(client.permissions.canDelete({ id: 3, renderingId: 34 }, 'books')).resolves.toBe(
      true,
    );
  });

  it('refetches the users once, then refuses an unknown user', async () => {
    await expect(
      client.permissions.canRead({ id: 99, renderingId: 34 }, 'books'),
    ).rejects.toMatchObject({
      code: 'ForbiddenError',
      message: 'User 99 is not a user of this environment',
    });
    expect(calls('/liana/v4/permissions/users')).toBe(2);
  });

  it('fetches each list once within the TTL, sharing concurrent fetches', async () => {
    await Promise.all([
      client.permissions.canBrowse(ada, 'books'),
      client.permissions.canRead(ada, 'books'),
    ]);
    await client.permissions.canEdit(ada, 'books');
    expect(calls('/liana/v4/permissions/environment')).toBe(1);
    expect(calls('/liana/v4/permissions/users')).toBe(1);
    expect(server.requests[0]?.headers['forest-secret-key']).toBe(secret);
  });

  it('refetches after invalidate()', async () => {
    await client.permissions.canBrowse(ada, 'books');
    await client.permissions.getRenderingPermissions(34);
    client.permissions.invalidate();
    await client.permissions.canBrowse(ada, 'books');
    await client.permissions.getRenderingPermissions(34);
    expect(calls('/liana/v4/permissions/environment')).toBe(2);
    expect(calls('/liana/v4/permissions/users')).toBe(2);
    expect(calls('/liana/v4/permissions/renderings/34')).toBe(2);
  });

  it('drops only the named caches', async () => {
    await client.permissions.canBrowse(ada, 'books');
    await client.permissions.getRenderingPermissions(34);
    await client.permissions.getRenderingPermissions(35);
    client.permissions.invalidate('renderings', [35]);
    await client.permissions.canBrowse(ada, 'books');
    await client.permissions.getRenderingPermissions(34);
    await client.permissions.getRenderingPermissions(35);
    expect(calls('/liana/v4/permissions/users')).toBe(1);
    expect(calls('/liana/v4/permissions/renderings/34')).toBe(1);
    expect(calls('/liana/v4/permissions/renderings/35')).toBe(2);
  });

  it('refetches once the TTL has passed', async () => {
    const shortLived = createPlatformClient({
      serverUrl: server.url,
      envSecret: secret,
      permissionsCacheTtlSeconds: 0.05,
    });
    await shortLived.permissions.getUsers();
    await shortLived.permissions.getUsers();
    await new Promise(resolve => setTimeout(resolve, 80));
    await shortLived.permissions.getUsers();
    expect(calls('/liana/v4/permissions/users')).toBe(2);
  });

  it('does not cache a failed fetch', async () => {
    const offline = createPlatformClient({ serverUrl: 'http://127.0.0.1:1', envSecret: secret });
    const first = offline.permissions.getUsers();
    await expect(first).rejects.toMatchObject({
      message: 'cannot reach the platform at http://127.0.0.1:1/liana/v4/permissions/users',
    });
    expect(offline.permissions.getUsers()).not.toBe(first);
    await offline.permissions.getUsers().catch(() => undefined);
  });

  it('exposes the uncached calls with their parsed answers', async () => {
    await expect(client.getEnvironmentPermissions()).resolves.toEqual(environment);
    await expect(client.getUsers()).resolves.toEqual(users);
    await expect(client.getRenderingPermissions(34)).resolves.toEqual(rendering);
    expect(server.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /liana/v4/permissions/environment',
      'GET /liana/v4/permissions/users',
      'GET /liana/v4/permissions/renderings/34',
    ]);
  });
});
