import {
  addMember,
  expectNothingChanged,
  loginAdmin,
  loginBootstrapAdmin,
} from '../../helpers/admin-client';
import type { AdminClient } from '../../helpers/admin-client';
import { callAdmin } from '../../helpers/admin-client';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

describe.each(availableServers())('admin notes on $name', server => {
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
    path = `/api/admin/projects/${projectId}/environments/${environmentId}/notes`;
  });
  afterAll(async () => {
    await test.stop();
  });

  const note = (recordId: string, title = 'Refund asked') => ({
    collectionName: 'orders',
    recordId,
    title,
    content: '<p>Customer called <script>alert(1)</script><b>twice</b></p>',
  });
  const activityLogs = async (recordId: string) =>
    (
      await test.platform.context.db.models.ActivityLog.findAll({
        where: { environmentId, collectionName: 'orders' },
        order: [['id', 'ASC']],
      })
    )
      .map(row => row.get({ plain: true }))
      .filter(row => (row.recordIds as string[] | null)?.includes(recordId));

  it('creates a note (content sanitised), adds a message, archives it, each activity-logged', async () => {
    const created = await admin.call('POST', path, note('42'));
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({
      object: 'note',
      id,
      title: 'Refund asked',
      recordId: '42',
      collection: { name: 'orders' },
      team: { name: 'Operations' },
      messages: [{ content: '<p>Customer called <b>twice</b></p>' }],
    });
    expect(created.body.data.archivedAt).toBeUndefined();

    const message = await admin.call('POST', `${path}/${id}/messages`, { content: 'Called back' });
    expect(message.status).toBe(201);
    expect(message.body.data).toMatchObject({ object: 'note-message', content: 'Called back' });

    const archived = await admin.call('PATCH', `${path}/${id}`, { archived: true });
    expect(archived.status).toBe(200);
    expect(archived.body.data.archivedAt).toEqual(expect.any(String));
    expect(archived.body.data.messages).toHaveLength(2);

    const logs = await activityLogs('42');
    expect(logs.map(log => log.action)).toEqual(['createNote', 'createMessage', 'archiveNote']);
    for (const log of logs) {
      expect(log).toMatchObject({
        source: 'ui',
        type: 'write',
        status: 'completed',
        userId: admin.userId,
        apiTokenId: null,
        teamName: 'Operations',
        label: 'Refund asked',
      });
    }
  });

  it('refuses a message on an archived note (409), writing nothing', async () => {
    const created = await admin.call('POST', path, note('43'));
    const id = created.body.data.id as number;
    expect((await admin.call('PATCH', `${path}/${id}`, { archived: true })).status).toBe(200);
    const before = await activityLogs('43');
    const refused = await admin.call('POST', `${path}/${id}/messages`, { content: 'Too late' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].detail).toMatch(/archived/);
    expect(await activityLogs('43')).toEqual(before);
    // Reopened, it takes messages again.
    expect((await admin.call('PATCH', `${path}/${id}`, { archived: false })).status).toBe(200);
    expect((await admin.call('POST', `${path}/${id}/messages`, { content: 'Now' })).status).toBe(
      201,
    );
  });

  it('lists open notes newest first by default, filters, includes archived on demand, pages', async () => {
    const local = `/api/admin/projects/${projectId}/environments/${environmentId}/notes`;
    const ids: number[] = [];
    for (const recordId of ['p1', 'p2', 'p3']) {
      ids.push((await admin.call('POST', local, note(recordId, `Page ${recordId}`))).body.data.id);
    }
    await admin.call('PATCH', `${local}/${ids[1]}`, { archived: true });

    const ofRecord = await admin.call('GET', `${local}?collectionName=orders&recordId=p2`);
    expect(ofRecord.body.data).toEqual([]);
    const withArchived = await admin.call('GET', `${local}?recordId=p2&includeArchived=true`);
    expect(withArchived.body.data.map((n: { id: number }) => n.id)).toEqual([ids[1]]);

    const first = await admin.call('GET', `${local}?pageSize=1&includeArchived=true`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((n: { id: number }) => n.id)).toEqual([ids[2]]);
    expect(first.body.meta).toEqual({ pageSize: 1, nextAfter: ids[2] });
    const second = await admin.call(
      'GET',
      `${local}?pageSize=1&includeArchived=true&after=${first.body.meta.nextAfter}`,
    );
    expect(second.body.data.map((n: { id: number }) => n.id)).toEqual([ids[1]]);
    const open = await admin.call('GET', `${local}?pageSize=100`);
    expect(open.body.data.map((n: { id: number }) => n.id)).not.toContain(ids[1]);
    expect(open.body.meta.nextAfter).toBeNull();
  });

  it('refuses bad input with a 400 whose message starts with the field, writing nothing', async () => {
    const created = await admin.call('POST', path, note('44'));
    const id = created.body.data.id as number;
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', path, { ...note('x'), collectionName: '' }, /^collectionName is a text/],
      ['POST', path, { ...note('x'), recordId: 'r'.repeat(1025) }, /^recordId is a text/],
      ['POST', path, { ...note('x'), title: 7 }, /^title is a text/],
      ['POST', path, { ...note('x'), content: '<script>x</script>' }, /^content is empty/],
      ['POST', path, { ...note('x'), content: 'c'.repeat(10_001) }, /^content is a text/],
      ['POST', path, { ...note('x'), owner: 1 }, /Unknown fields: owner/],
      ['PATCH', `${path}/${id}`, { archived: 'yes' }, /^archived must be a boolean/],
      ['PATCH', `${path}/${id}`, {}, /Nothing to change/],
      ['POST', `${path}/${id}/messages`, { content: '' }, /^content is a text/],
    ];
    for (const [method, url, body, detail] of cases) {
      await expectNothingChanged(test.platform, async () => {
        const logsBefore = await test.platform.context.db.models.ActivityLog.count();
        const response = await admin.call(method, url, body);
        expect({ body, status: response.status }).toEqual({ body, status: 400 });
        expect(response.body.errors[0].detail).toMatch(detail);
        expect(await test.platform.context.db.models.ActivityLog.count()).toBe(logsBefore);
      });
    }
    expect((await admin.call('GET', `${path}?pageSize=101`)).body.errors[0].detail).toMatch(
      /^pageSize is an integer/,
    );
    expect((await admin.call('GET', `${path}?archived=1`)).status).toBe(400);
  });

  it('answers 401 without a session and 403 without the CSRF header', async () => {
    const url = test.platform.url;
    expect((await callAdmin(url, 'GET', path)).status).toBe(401);
    expect((await callAdmin(url, 'POST', path, note('45'))).status).toBe(401);
    const count = await test.platform.context.db.models.Note.count();
    for (const [method, suffix, body] of [
      ['POST', '', note('45')],
      ['PATCH', '/1', { archived: true }],
      ['POST', '/1/messages', { content: 'x' }],
    ] as const) {
      expect((await admin.call(method, `${path}${suffix}`, body, { csrf: null })).status).toBe(403);
    }
    expect(await test.platform.context.db.models.Note.count()).toBe(count);
  });

  it("answers 404 for another project's environment or another environment's note; 403 to non-admins", async () => {
    const created = await admin.call('POST', path, note('46'));
    const id = created.body.data.id as number;
    const otherProject = await admin.call('POST', '/api/admin/projects', {
      name: 'Notes elsewhere',
    });
    const elsewhere = otherProject.body.data.id as number;
    const environment = await admin.call('POST', `/api/admin/projects/${elsewhere}/environments`, {
      name: 'Production',
    });
    const otherEnvironment = environment.body.data.id as number;
    const crossed = `/api/admin/projects/${projectId}/environments/${otherEnvironment}/notes`;
    expect((await admin.call('GET', crossed)).status).toBe(404);
    expect((await admin.call('POST', crossed, note('47'))).status).toBe(404);
    const foreign = `/api/admin/projects/${elsewhere}/environments/${otherEnvironment}/notes`;
    expect((await admin.call('PATCH', `${foreign}/${id}`, { archived: true })).status).toBe(404);
    expect((await admin.call('POST', `${foreign}/${id}/messages`, { content: 'x' })).status).toBe(
      404,
    );
    expect((await admin.call('GET', foreign)).body.data).toEqual([]);

    await addMember(test.platform, projectId, 'Editor', 'editor-notes@grove.test');
    const editor = await loginAdmin(
      test.platform,
      'editor-notes@grove.test',
      'a long enough password',
    );
    expect((await editor.call('GET', path)).status).toBe(403);
    expect((await editor.call('POST', path, note('48'))).status).toBe(403);
  });
});
