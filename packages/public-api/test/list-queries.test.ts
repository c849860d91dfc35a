import type { TestApi } from './support/public-api-test-server';
import { startTestApi } from './support/public-api-test-server';
import { activityLog, adminLog, seedProjects } from './support/fixtures';

const ACTIVITY = '/v1/project/Acme/environment/production/activity-logs';
const ADMIN = '/v1/project/Acme/admin-logs';

describe('log lists', () => {
  let api: TestApi;
  let token: string;

  beforeEach(async () => {
    api = await startTestApi();
    const { production, staging } = seedProjects(api.store);
    token = api.store.addToken({}).value;
    for (let id = 1; id <= 30; id += 1) {
      // Three rows per timestamp: paging by createdAt alone would skip rows.
      const createdAt = new Date(Date.UTC(2025, 0, 1, 0, 0, Math.floor(id / 3))).toISOString();
      api.store.activityLogs.push({
        environmentId: production.id,
        item: activityLog(id, createdAt, id % 2 === 0 ? { type: 'read', action: 'read' } : {}),
      });
      api.store.adminLogs.push({ projectId: 1, item: adminLog(id, createdAt) });
    }
    api.store.activityLogs.push({
      environmentId: staging.id,
      item: activityLog(99, '2025-01-02T00:00:00.000Z'),
    });
    api.store.adminLogs.push({ projectId: 2, item: adminLog(98, '2025-01-02T00:00:00.000Z') });
  });
  afterEach(() => api.close());

  it('answers the envelope with defaults echoed, newest first, and asks the store limit+1', async () => {
    const response = await api.call('GET', ACTIVITY, { token });
    const data = response.json.data as { id: string; createdAt: string }[];

    expect(response.status).toBe(200);
    expect(Object.keys(response.json)).toEqual(['hasMore', 'data', 'parameters', 'nextCursor']);
    expect(response.json.parameters).toEqual({
      projectName: 'Acme',
      environmentName: 'production',
      limit: 10,
      order: 'desc',
    });
    expect(response.json.hasMore).toBe(true);
    expect(data.map(row => row.id)).toEqual([
      '30',
      '29',
      '28',
      '27',
      '26',
      '25',
      '24',
      '23',
      '22',
      '21',
    ]);
    expect(api.store.listLimits).toEqual([11]);
    expect(typeof response.json.nextCursor).toBe('string');
    expect(response.headers.get('link')).toBe(
      `<${api.url}${ACTIVITY}?cursor=${response.json.nextCursor as string}>; rel="next"`,
    );
  });

  it.each(['desc', 'asc'])(
    'walks every row once with cursors (order=%s), though rows share timestamps',
    async order => {
      const seen: string[] = [];
      let path = `${ACTIVITY}?order=${order}&limit=7`;
      for (let page = 0; page < 10; page += 1) {
        const response = await api.call('GET', path, { token });
        seen.push(...(response.json.data as { id: string }[]).map(row => row.id));
        if (response.json.nextCursor === null) {
          expect(response.json.hasMore).toBe(false);
          expect(response.headers.get('link')).toBeNull();
          break;
        }
        const link = response.headers.get('link')!;
        path = link.slice(api.url.length + 1, link.indexOf('>'));
      }
      const expected = Array.from({ length: 30 }, (_, i) => String(i + 1));

      expect(seen).toEqual(order === 'asc' ? expected : expected.reverse());
    },
  );

  it('walks admin logs with cursors too, and never shows another project', async () => {
    const seen: string[] = [];
    let cursor: unknown = undefined;
    do {
      const query: string =
        cursor === undefined ? '?limit=100' : `?limit=4&cursor=${String(cursor)}`;
      const response = await api.call('GET', `${ADMIN}${query}`, { token });
      seen.push(...(response.json.data as { id: string }[]).map(row => row.id));
      cursor = response.json.nextCursor;
      if (seen.length === 30) break;
    } while (cursor !== null);

    expect(new Set(seen).size).toBe(30);
    expect(seen).not.toContain('98');
  });

  it('filters activity logs: type, action list, user, record, createdAt bounds', async () => {
    const reads = await api.call('GET', `${ACTIVITY}?type=read&limit=100`, { token });
    const actions = await api.call('GET', `${ACTIVITY}?action=read,update&limit=100`, { token });
    const record = await api.call('GET', `${ACTIVITY}?recordId=105`, { token });
    const window = await api.call(
      'GET',
      `${ACTIVITY}?createdAt.gte=2025-01-01T00:00:01Z&createdAt.lt=2025-01-01T00:00:02.000Z&limit=100`,
      { token },
    );
    const nobody = await api.call('GET', `${ACTIVITY}?userEmail=bob@acme.test`, { token });

    expect((reads.json.data as unknown[]).length).toBe(15);
    expect((actions.json.data as unknown[]).length).toBe(30);
    expect((record.json.data as { id: string }[]).map(row => row.id)).toEqual(['5']);
    expect((window.json.data as { id: string }[]).map(row => row.id)).toEqual(['5', '4', '3']);
    expect(window.json.parameters).toMatchObject({
      'createdAt.gte': '2025-01-01T00:00:01Z',
      'createdAt.lt': '2025-01-01T00:00:02.000Z',
    });
    expect(nobody.json).toMatchObject({ hasMore: false, data: [], nextCursor: null });
  });

  it('filters admin logs by type, initiator, resource and userId', async () => {
    const some = await api.call(
      'GET',
      `${ADMIN}?type=update&initiator=administrator&resource=team,role&userId=7&limit=5`,
      { token },
    );
    const none = await api.call('GET', `${ADMIN}?resource=role`, { token });

    expect((some.json.data as unknown[]).length).toBe(5);
    expect(some.json.parameters).toMatchObject({ userId: 7, limit: 5, type: 'update' });
    expect(none.json.data).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['order=up', 'order'],
    ['type=delete', 'type'],
    ['action=create,explode', 'action'],
    ['action=', 'action'],
    ['source=fax', 'source'],
    ['userId=0', 'userId'],
    ['userId=-3', 'userId'],
    ['userId=12abc', 'userId'],
    ['userId=99999999999', 'userId'],
    ['userEmail=not-an-email', 'userEmail'],
    ['createdAt.gt=yesterday', 'createdAt.gt'],
    ['createdAt.lt=2025-02-30T00:00:00Z', 'createdAt.lt'],
    ['createdAt.eq=2025-01-01', 'createdAt.eq'],
    ['createdAt.lte=2025-01-01T25:00:00Z', 'createdAt.lte'],
    ['createdAt.between=x', 'createdAt.between'],
    ['limit=5&limit=6', 'limit'],
    ['sort=id', 'sort'],
    ['cursor=abc', 'cursor'],
    ['cursor=<600 chars>', 'cursor'],
    ['recordId=<1100 chars>', 'recordId'],
  ])('answers 400 to %s naming %s, without reading logs', async (shown, param) => {
    const query = shown
      .replace('<600 chars>', 'a'.repeat(600))
      .replace('<1100 chars>', '1'.repeat(1100));
    const response = await api.call('GET', `${ACTIVITY}?${query}`, { token });

    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'Bad Request', code: 'invalid_parameter', param });
    expect(response.json.message).toContain(param.slice(0, 10));
    expect(api.store.calls).not.toContain('listActivityLogs');
  });

  it('answers odd input with a 400, never a 500', async () => {
    const odd = [
      'limit=%20',
      'limit=%00',
      'order=',
      'cursor=..',
      'cursor=%FF%FE',
      'userEmail=a@b',
      'userEmail=%40%40%40',
      'createdAt.eq=2025-01-01T00:00:00%2B25:00',
      'createdAt.eq=%E2%80%AE2025',
      'action=%2C%2C',
      'userId=%EF%BC%91',
      '%E0%A4%A=1',
      `teamName=${'%F0%9F%98%80'.repeat(300)}`,
    ];
    for (const query of odd) {
      const response = await api.call('GET', `${ACTIVITY}?${query}`, { token });
      expect([query, response.status]).toEqual([query, 400]);
    }
    expect(api.store.calls).not.toContain('listActivityLogs');
  });

  it('accepts limit=1 and limit=100', async () => {
    const one = await api.call('GET', `${ACTIVITY}?limit=1`, { token });
    const hundred = await api.call('GET', `${ACTIVITY}?limit=100`, { token });

    expect((one.json.data as unknown[]).length).toBe(1);
    expect((hundred.json.data as unknown[]).length).toBe(30);
    expect(hundred.json.hasMore).toBe(false);
  });

  it('refuses a tampered cursor, a cursor of another list and of the other order', async () => {
    const first = await api.call('GET', `${ACTIVITY}?limit=2`, { token });
    const cursor = first.json.nextCursor as string;
    const [payload, signature] = cursor.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify(['activity-logs', 'desc', '1', '2030-01-01T00:00:00.000Z']),
    ).toString('base64url');
    const admin = await api.call('GET', `${ADMIN}?limit=2`, { token });

    for (const [path, why] of [
      [`${ACTIVITY}?cursor=${forged}.${signature}`, 'tampered'],
      [`${ACTIVITY}?cursor=${payload}.${signature.slice(0, -2)}AA`, 'tampered'],
      [`${ACTIVITY}?cursor=${admin.json.nextCursor as string}`, 'another list'],
      [`${ACTIVITY}?order=asc&cursor=${cursor}`, 'order=desc'],
    ] as const) {
      const response = await api.call('GET', path, { token });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ param: 'cursor' });
      expect(response.json.message).toContain(why);
    }
  });

  it('answers 404 for another project, a wrong case and an unknown environment', async () => {
    for (const path of [
      '/v1/project/Other/admin-logs',
      '/v1/project/acme/admin-logs',
      '/v1/project/Acme/environment/Production/activity-logs',
      '/v1/project/Acme/environment/nowhere/activity-logs',
    ]) {
      const response = await api.call('GET', path, { token });
      expect(response.status).toBe(404);
      expect(response.json).toMatchObject({ error: 'Not Found', code: 'not_found' });
    }
  });

  it('exports every matching row as NDJSON, pulling pages of 500 through the cursor', async () => {
    const environmentId = api.store.activityLogs[0]!.environmentId;
    for (let id = 100; id < 1300; id += 1) {
      api.store.activityLogs.push({
        environmentId,
        item: activityLog(
          id,
          new Date(Date.UTC(2025, 1, 1, 0, 0, Math.floor(id / 7))).toISOString(),
        ),
      });
    }
    api.store.calls.length = 0;
    const response = await api.call('GET', `${ACTIVITY}/export?type=write`, { token });
    const rows = response.body as { id: string; type: string }[];

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(rows.every(row => row.type === 'write')).toBe(true);
    expect(new Set(rows.map(row => row.id)).size).toBe(rows.length);
    expect(rows.length).toBe(15 + 1200);
    expect(api.store.listLimits).toEqual([500, 500, 500]);
  });

  it('exports admin logs, and refuses limit on exports', async () => {
    const response = await api.call('GET', `${ADMIN}/export?order=asc`, { token });
    const refused = await api.call('GET', `${ADMIN}/export?limit=5`, { token });

    expect((response.body as { id: string }[]).map(row => row.id)).toEqual(
      Array.from({ length: 30 }, (_, i) => String(i + 1)),
    );
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ param: 'limit' });
  });

  it('stops an export when the client goes away', async () => {
    const environmentId = api.store.activityLogs[0]!.environmentId;
    // 5,000 rows of 4 KB: far more than socket buffers hold, so the export has to wait for the
    // client, and a client that leaves stops it long before the 10 pages are read.
    const label = 'x'.repeat(4000);
    for (let id = 100; id < 5100; id += 1) {
      api.store.activityLogs.push({
        environmentId,
        item: activityLog(id, '2025-03-01T00:00:00.000Z', { label }),
      });
    }
    api.store.calls.length = 0;
    const controller = new AbortController();
    const response = await fetch(`${api.url}${ACTIVITY}/export`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await new Promise(resolve => setTimeout(resolve, 200));

    expect(api.store.calls.filter(call => call === 'listActivityLogs').length).toBeLessThan(6);
  });
});
