import type { TestApi } from './support/public-api-test-server';
import { startTestApi } from './support/public-api-test-server';
import { seedProjects } from './support/fixtures';

const NOTES = '/v1/project/Acme/environment/production/notes';
const NEW_NOTE = {
  collectionName: 'orders',
  recordId: '42',
  title: 'Refund asked',
  content: '<p>Customer asked for a <strong>refund</strong>.</p>',
};

describe('notes', () => {
  let api: TestApi;
  let token: string;

  beforeEach(async () => {
    api = await startTestApi({ maxNoteLength: 1000 });
    seedProjects(api.store);
    token = api.store.addToken({}).value;
  });
  afterEach(() => api.close());

  const writes = () => api.store.calls.filter(call => /^(create|update|add)/.test(call));

  it('creates a note (201), reads it back, lists it', async () => {
    const created = await api.call('POST', NOTES, { token, body: NEW_NOTE });
    const id = created.json.id as number;
    const read = await api.call('GET', `${NOTES}/${id}`, { token });
    const list = await api.call('GET', NOTES, { token });

    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ object: 'note', title: 'Refund asked', recordId: '42' });
    expect(read.json).toEqual(created.json);
    expect(list.json).toMatchObject({ hasMore: false, nextCursor: null, data: [created.json] });
  });

  it('renames, archives and reopens a note; adds messages (201)', async () => {
    const id = (await api.call('POST', NOTES, { token, body: NEW_NOTE })).json.id as number;
    const renamed = await api.call('PATCH', `${NOTES}/${id}`, {
      token,
      body: { title: 'Refund done' },
    });
    const message = await api.call('POST', `${NOTES}/${id}/messages`, {
      token,
      body: { content: '<p>Ok</p>' },
    });
    const archived = await api.call('PATCH', `${NOTES}/${id}`, { token, body: { archived: true } });
    const onArchived = await api.call('POST', `${NOTES}/${id}/messages`, {
      token,
      body: { content: 'late' },
    });
    const archivedList = await api.call('GET', `${NOTES}?archived=true`, { token });
    const reopened = await api.call('PATCH', `${NOTES}/${id}`, {
      token,
      body: { archived: false },
    });

    expect(renamed.json.title).toBe('Refund done');
    expect(message.status).toBe(201);
    expect(message.json).toMatchObject({ object: 'note-message', content: '<p>Ok</p>' });
    expect(typeof archived.json.archivedAt).toBe('string');
    expect(onArchived.status).toBe(409);
    expect(onArchived.json).toMatchObject({ error: 'Conflict', code: 'conflict' });
    expect((archivedList.json.data as unknown[]).length).toBe(1);
    expect(reopened.json.archivedAt).toBeUndefined();
  });

  it('sanitises content: scripts, event handlers and javascript: URLs are gone', async () => {
    const attack =
      '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror="alert(2)">' +
      '<a href="javascript:alert(3)">x</a><a href="https://ok.test" onmouseover="y()">ok</a>' +
      '<iframe src="https://evil.test"></iframe><style>body{}</style></p>';
    const created = await api.call('POST', NOTES, {
      token,
      body: { ...NEW_NOTE, content: attack },
    });
    const id = created.json.id as number;
    const message = await api.call('POST', `${NOTES}/${id}/messages`, {
      token,
      body: {
        content: '<b>Yes</b><svg onload="alert(4)"></svg><a href="mailto:a@b.test">mail</a>',
      },
    });
    const stored = (created.json.messages as { content: string }[])[0]!.content;

    expect(stored).toBe('<p>Hi<a>x</a><a href="https://ok.test">ok</a></p>');
    expect(message.json.content).toBe('<b>Yes</b><a href="mailto:a@b.test">mail</a>');
    for (const content of [stored, message.json.content as string]) {
      expect(content).not.toMatch(/script|onerror|onclick|onload|javascript:|iframe|style/i);
    }
  });

  it.each([
    ['a missing title', { ...NEW_NOTE, title: undefined }, 'title'],
    ['an empty title', { ...NEW_NOTE, title: '' }, 'title'],
    ['a title of 256 characters', { ...NEW_NOTE, title: 't'.repeat(256) }, 'title'],
    ['an empty collectionName', { ...NEW_NOTE, collectionName: '' }, 'collectionName'],
    ['a numeric recordId', { ...NEW_NOTE, recordId: 42 }, 'recordId'],
    ['an unknown field', { ...NEW_NOTE, author: 'me' }, 'author'],
    ['content that is only a script', { ...NEW_NOTE, content: '<script>x()</script>' }, 'content'],
    ['an array', [NEW_NOTE], 'body'],
  ])('answers 400 to %s, and writes nothing', async (_, body, param) => {
    const response = await api.call('POST', NOTES, { token, body });

    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'Bad Request', code: 'invalid_parameter', param });
    expect(writes()).toEqual([]);
  });

  it('answers 413 content_too_large over maxNoteLength, and 413 for a huge body', async () => {
    const long = await api.call('POST', NOTES, {
      token,
      body: { ...NEW_NOTE, content: 'x'.repeat(1001) },
    });
    const huge = await api.call('POST', NOTES, {
      token,
      body: { ...NEW_NOTE, content: 'x'.repeat(100_000) },
    });

    expect(long.status).toBe(413);
    expect(long.json).toMatchObject({
      error: 'Payload Too Large',
      code: 'content_too_large',
      param: 'content',
    });
    expect(huge.status).toBe(413);
    expect(huge.json).toMatchObject({ error: 'Payload Too Large', code: 'payload_too_large' });
    expect(writes()).toEqual([]);
  });

  it('answers 415 to a non-JSON body and 400 to broken JSON', async () => {
    const form = await api.call('POST', NOTES, {
      token,
      rawBody: 'title=x',
      contentType: 'application/x-www-form-urlencoded',
    });
    const broken = await api.call('POST', NOTES, { token, rawBody: '{"title":' });

    expect(form.status).toBe(415);
    expect(form.json).toMatchObject({ code: 'unsupported_media_type' });
    expect(broken.status).toBe(400);
    expect(broken.json).toMatchObject({ code: 'invalid_json' });
    expect(writes()).toEqual([]);
  });

  it('validates PATCH and message bodies before the store', async () => {
    const id = (await api.call('POST', NOTES, { token, body: NEW_NOTE })).json.id as number;
    api.store.calls.length = 0;
    const empty = await api.call('PATCH', `${NOTES}/${id}`, { token, body: {} });
    const badArchived = await api.call('PATCH', `${NOTES}/${id}`, {
      token,
      body: { archived: 'yes' },
    });
    const badId = await api.call('PATCH', `${NOTES}/abc`, { token, body: { title: 'x' } });
    const noContent = await api.call('POST', `${NOTES}/${id}/messages`, { token, body: {} });

    expect([empty, badArchived, badId, noContent].map(r => r.json.param)).toEqual([
      'body',
      'archived',
      'noteId',
      'content',
    ]);
    expect(writes()).toEqual([]);
  });

  it('answers 404 for a note of another environment and an unknown note', async () => {
    const id = (await api.call('POST', NOTES, { token, body: NEW_NOTE })).json.id as number;
    const staging = await api.call('GET', `/v1/project/Acme/environment/staging/notes/${id}`, {
      token,
    });
    const unknown = await api.call('PATCH', `${NOTES}/999999`, { token, body: { title: 'x' } });

    expect(staging.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 'not_found' });
  });

  it('pages notes by id with cursors and filters them', async () => {
    for (let i = 0; i < 7; i += 1) {
      await api.call('POST', NOTES, { token, body: { ...NEW_NOTE, recordId: String(i % 2) } });
    }
    const seen: number[] = [];
    let path = `${NOTES}?limit=3&order=asc`;
    for (;;) {
      const page = await api.call('GET', path, { token });
      seen.push(...(page.json.data as { id: number }[]).map(note => note.id));
      if (page.json.nextCursor === null) break;
      path = `${NOTES}?limit=3&order=asc&cursor=${page.json.nextCursor as string}`;
    }
    const odd = await api.call('GET', `${NOTES}?recordId=1&limit=100`, { token });
    const bad = await api.call('GET', `${NOTES}?archived=maybe`, { token });

    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(7);
    expect((odd.json.data as unknown[]).length).toBe(3);
    expect(bad.json).toMatchObject({ param: 'archived' });
  });
});
