import { callAdmin, loginBootstrapAdmin } from '../../helpers/admin-client';
import type { AdminClient } from '../../helpers/admin-client';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

describe.each(availableServers())('admin API admin logs on $name', server => {
  let test: TestPlatform;
  let admin: AdminClient;
  let projectId: number;
  let path: string;

  const download = async (query: string) => {
    const response = await fetch(`${test.platform.url}${path}/export${query}`, {
      headers: { cookie: admin.cookie },
    });

    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const list = async (query: string) => {
    const page = await admin.call('GET', `${path}${query}`);
    expect(page.status).toBe(200);

    return page.body;
  };

  beforeAll(async () => {
    test = await startTestPlatform(server);
    admin = await loginBootstrapAdmin(test.platform);
    projectId = test.platform.bootstrap!.project.id;
    path = `/api/admin/projects/${projectId}/admin-logs`;
    for (const name of ['Alpha', 'Beta', '=cmd|calc', 'Delta', 'Echo']) {
      const team = await admin.call('POST', `/api/admin/projects/${projectId}/teams`, { name });
      expect(team.status).toBe(201);
    }
    const token = await admin.call('POST', `/api/admin/projects/${projectId}/api-tokens`, {
      name: 'SIEM',
      level: 'read-only',
      scopes: ['all'],
    });
    expect(token.status).toBe(201);
  });

  afterAll(() => test.stop());

  it('pages newest first by cursor, never repeating nor skipping a change', async () => {
    const all = (await list('?limit=200')).data.map((log: { id: number }) => log.id);
    expect(all.length).toBeGreaterThanOrEqual(6);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { id: number }[]; meta: { nextCursor: string | null } } = await list(
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.data.map(log => log.id));
      cursor = page.meta.nextCursor;
    } while (cursor && seen.length < 100);
    expect(seen).toEqual(all);
  });

  it('filters by resource type, action, initiator and date range', async () => {
    const tokens = await list('?resourceType=api-token&action=create');
    expect(tokens.data).toEqual([
      {
        id: expect.any(Number),
        resourceType: 'api-token',
        resourceId: expect.any(String),
        action: 'create',
        previousValues: null,
        newValues: expect.objectContaining({ name: 'SIEM', level: 'read-only', scopes: ['all'] }),
        initiator: { id: admin.userId, email: test.platform.bootstrap!.adminEmail },
        createdAt: expect.any(String),
      },
    ]);
    expect(tokens.meta).toEqual({ nextCursor: null });
    const teams = await list('?resourceType=team');
    expect(teams.data.map((log: { newValues: { name: string } }) => log.newValues.name)).toEqual([
      'Echo',
      'Delta',
      '=cmd|calc',
      'Beta',
      'Alpha',
    ]);
    const email = test.platform.bootstrap!.adminEmail.toUpperCase();
    expect((await list(`?userEmail=${email}&resourceType=team`)).data).toHaveLength(5);
    expect((await list('?userEmail=nobody@example.com')).data).toEqual([]);
    expect((await list('?action=revoke')).data).toEqual([]);
    expect((await list('?from=2000-01-01&to=2000-01-31')).data).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}&resourceType=team`)).data).toHaveLength(5);
  });

  it('refuses a bad filter with a 400 naming it first', async () => {
    const cases: [string, string][] = [
      ['resourceType=user', 'resourceType is one of:'],
      ['action=DROP TABLE', 'action is an action name'],
      ['userEmail=x', 'userEmail is an email address'],
      ['from=2026-13-01', 'from is a date'],
      ['limit=201', 'limit is an integer from 1 to 200'],
      ['cursor=MjAyNnwx', 'cursor is invalid'],
      ['page=2', 'page is not a parameter of this list'],
    ];
    for (const [query, message] of cases) {
      const response = await admin.call('GET', `${path}?${query}`);
      expect([query, response.status]).toEqual([query, 400]);
      expect(response.body.errors[0].detail.startsWith(message)).toBe(true);
    }
    expect((await download('')).status).toBe(400);
    expect((await download('?format=csv&cursor=x')).status).toBe(400);
  });

  it('exports as CSV with previous and new values, safe from formula injection', async () => {
    const csv = await download('?format=csv&resourceType=team');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="admin-logs.csv"');
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,createdAt,initiatorEmail,resourceType,resourceId,action,previousValues,newValues',
    );
    expect(lines).toHaveLength(6);
    // A JSON cell starts with `{`: quoted, not prefixed; a bare formula would be.
    expect(lines[3]).toContain('"{""name"":""=cmd|calc""}"');
    expect(lines[3]!.split(',')[5]).toBe('create');
  });

  it('exports as NDJSON the same changes as the list', async () => {
    const ndjson = await download('?format=ndjson');
    expect(ndjson.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const exported = ndjson.text
      .trimEnd()
      .split('\n')
      .map(line => JSON.parse(line));
    expect(exported).toEqual((await list('?limit=200')).data);
  });

  it('needs a session; reads need no CSRF header, nothing else is allowed without it', async () => {
    expect((await callAdmin(test.platform.url, 'GET', path)).status).toBe(401);
    expect((await callAdmin(test.platform.url, 'GET', `${path}/export?format=csv`)).status).toBe(
      401,
    );
    expect((await admin.call('GET', path, undefined, { csrf: null })).status).toBe(200);
    expect((await admin.call('DELETE', path, undefined, { csrf: null })).status).toBe(403);
    expect((await admin.call('GET', `/api/admin/projects/999999/admin-logs`)).status).toBe(404);
  });
});
