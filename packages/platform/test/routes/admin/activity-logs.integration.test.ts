import { addMember, callAdmin, loginAdmin, loginBootstrapAdmin } from '../../helpers/admin-client';
import type { AdminClient } from '../../helpers/admin-client';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 10, 12, minute));

describe.each(availableServers())('admin API activity logs on $name', server => {
  let test: TestPlatform;
  let admin: AdminClient;
  let path: string;
  let ids: string[];

  /** A raw GET with the session (exports are not JSON). */
  const download = async (query: string) => {
    const response = await fetch(`${test.platform.url}${path}/export${query}`, {
      headers: { cookie: admin.cookie },
    });

    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  beforeAll(async () => {
    test = await startTestPlatform(server);
    admin = await loginBootstrapAdmin(test.platform);
    const { project, environment } = test.platform.bootstrap!;
    path = `/api/admin/projects/${project.id}/environments/${environment.id}/activity-logs`;
    // 30 logs over 6 timestamps (rows sharing one), ids not following time.
    const rows = Array.from({ length: 30 }, (_, i) => ({
      environmentId: environment.id,
      userId: null,
      userEmail: i % 3 === 0 ? 'Ada@Example.com' : 'bob@example.com',
      action: i % 2 === 0 ? 'read' : 'update',
      // Needed to keep the literal types: the rule does not see the widening to `string`.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
      type: (i % 2 === 0 ? 'read' : 'write') as 'read' | 'write',
      collectionName: i % 5 === 0 ? 'orders' : 'books',
      label: i === 7 ? '=HYPERLINK("http://evil.example")' : null,
      recordIds: ['1'],
      status: 'completed',
      source: 'ui',
      teamName: 'Operations',
      createdAt: at((i * 7) % 6),
    }));
    const created = await test.platform.context.db.models.ActivityLog.bulkCreate(rows);
    ids = created
      .map(row => ({ time: row.createdAt.getTime(), id: row.id }))
      .sort((a, b) => b.time - a.time || b.id - a.id)
      .map(row => String(row.id));
  });

  afterAll(() => test.stop());

  it('pages newest first by cursor, never repeating nor skipping a row', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=4${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await admin.call('GET', `${path}${query}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((log: { id: string }) => log.id));
      cursor = page.body.meta.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(8);
    expect(seen).toEqual(ids);
  });

  it('answers the /v1 shape of a log', async () => {
    const page = await admin.call('GET', `${path}?limit=1`);
    expect(page.body.data[0]).toMatchObject({
      object: 'activityLog',
      id: ids[0],
      type: expect.stringMatching(/^(read|write)$/),
      collection: { object: 'collection', name: expect.any(String) },
      user: { object: 'user', email: expect.any(String) },
      team: { object: 'team', name: 'Operations' },
      status: 'completed',
      source: 'ui',
    });
  });

  it('filters by user, collection, action, type and date range', async () => {
    const count = async (query: string) => {
      const page = await admin.call('GET', `${path}?limit=200&${query}`);
      expect(page.status).toBe(200);

      return page.body.data.length;
    };
    expect(await count('userEmail=ada@example.com')).toBe(10);
    expect(await count('collection=orders')).toBe(6);
    expect(await count('action=update')).toBe(15);
    expect(await count('type=read')).toBe(15);
    expect(await count('type=read&collection=orders&userEmail=ada@example.com')).toBe(1);
    expect(await count(`from=${at(2).toISOString()}&to=${at(3).toISOString()}`)).toBe(10);
    expect(await count('from=2026-01-10&to=2026-01-10')).toBe(30);
    expect(await count('from=2026-01-11')).toBe(0);
    expect(await count('collection=')).toBe(30);
  });

  it('refuses a bad filter with a 400 naming it first', async () => {
    const cases: [string, string][] = [
      ['type=delete', 'type is one of: read, write'],
      ['action=drop', 'action is one of: create'],
      ['userEmail=nobody', 'userEmail is an email address'],
      ['from=2026-02-30', 'from is a date'],
      ['to=yesterday', 'to is a date'],
      ['from=2026-01-12&to=2026-01-10', 'to is after from'],
      ['limit=1000', 'limit is an integer from 1 to 200'],
      ['limit=0', 'limit is an integer from 1 to 200'],
      ['cursor=not-a-cursor', 'cursor is invalid'],
      ['collection=a&collection=b', 'collection is given once'],
      [`collection=${'x'.repeat(300)}`, 'collection is at most 255 characters'],
      ['sql=1', 'sql is not a parameter of this list'],
    ];
    for (const [query, message] of cases) {
      const response = await admin.call('GET', `${path}?${query}`);
      expect([query, response.status, response.body.errors[0].code]).toEqual([
        query,
        400,
        'ValidationError',
      ]);
      expect(response.body.errors[0].detail.startsWith(message)).toBe(true);
    }
    expect((await download('?format=xml')).status).toBe(400);
    expect(JSON.parse((await download('?format=xml')).text).errors[0].detail).toBe(
      'format is one of: csv, ndjson',
    );
    expect((await download('?format=csv&limit=5')).status).toBe(400);
  });

  it('exports the filtered logs as CSV, safe from formula injection', async () => {
    const csv = await download('?format=csv&collection=books');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="activity-logs.csv"');
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,createdAt,userEmail,team,collection,action,label,type,recordIds,source,status',
    );
    expect(lines).toHaveLength(1 + 24);
    const injected = lines.find(line => line.includes('HYPERLINK'));
    expect(injected).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const exported = lines.slice(1).map(line => line.split(',')[0]);
    expect(exported).toEqual(ids.filter(id => exported.includes(id)));
  });

  it('exports as NDJSON, one /v1 log per line, with the filters', async () => {
    const ndjson = await download('?format=ndjson&userEmail=ada@example.com');
    expect(ndjson.status).toBe(200);
    expect(ndjson.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const logs = ndjson.text
      .trimEnd()
      .split('\n')
      .map(line => JSON.parse(line));
    expect(logs).toHaveLength(10);
    expect(logs.map(log => log.user.email.toLowerCase())).toEqual(
      Array(10).fill('ada@example.com'),
    );
    expect(logs.map(log => log.id)).toEqual(ids.filter(id => logs.some(log => log.id === id)));
  });

  it('needs a session, an Admin of the project, and an environment of that project', async () => {
    expect((await callAdmin(test.platform.url, 'GET', path)).status).toBe(401);
    expect(
      (
        await fetch(`${test.platform.url}${path}/export?format=csv`, {
          headers: { cookie: 'grove_admin_session=forged' },
        })
      ).status,
    ).toBe(401);
    // Reads need no CSRF header; anything else than a read is refused without it.
    expect((await admin.call('GET', path, undefined, { csrf: null })).status).toBe(200);
    expect((await admin.call('POST', path, {}, { csrf: null })).status).toBe(403);

    await addMember(test.platform, test.platform.bootstrap!.project.id, 'Editor', 'ed@example.com');
    const editor = await loginAdmin(test.platform, 'ed@example.com', 'a long enough password');
    expect((await editor.call('GET', path)).status).toBe(403);

    const other = await admin.call('POST', '/api/admin/projects', { name: 'Elsewhere' });
    const environmentId = test.platform.bootstrap!.environment.id;
    const otherPath = `/api/admin/projects/${other.body.data.id}/environments/${environmentId}/activity-logs`;
    expect((await admin.call('GET', otherPath)).status).toBe(404);
    expect((await admin.call('GET', `${otherPath}/export?format=csv`)).status).toBe(404);
    expect((await admin.call('GET', path.replace(`/${environmentId}/`, '/999999/'))).status).toBe(
      404,
    );
  });

  it('streams an export of more rows than one batch, in order, once each', async () => {
    const { environment } = test.platform.bootstrap!;
    const rows = Array.from({ length: 1234 }, (_, i) => ({
      environmentId: environment.id,
      userEmail: 'bulk@example.com',
      action: 'read',
      type: 'read' as const,
      collectionName: 'bulk',
      status: 'completed',
      source: 'ui',
      createdAt: at(i % 7),
    }));
    await test.platform.context.db.models.ActivityLog.bulkCreate(rows);
    const ndjson = await download('?format=ndjson&collection=bulk');
    const exported = ndjson.text
      .trimEnd()
      .split('\n')
      .map(line => JSON.parse(line) as { id: string; createdAt: string });
    expect(exported).toHaveLength(1234);
    expect(new Set(exported.map(log => log.id)).size).toBe(1234);
    const sorted = [...exported].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || Number(b.id) - Number(a.id),
    );
    expect(exported).toEqual(sorted);
  });
});
