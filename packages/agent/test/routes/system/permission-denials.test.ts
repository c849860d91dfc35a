import { startTestAgent } from '../../helpers/test-agent';
import type { TestAgent } from '../../helpers/test-agent';

const tz = 'timezone=Europe%2FParis';
const nobody = { roles: [] };
const everybody = { roles: [1] };
const rights = (granted: Record<string, boolean>) =>
  Object.fromEntries(
    ['browse', 'read', 'edit', 'add', 'delete', 'export'].map(right => [
      `${right}Enabled`,
      granted[right] ? everybody : nobody,
    ]),
  );
/**
 * The environment rights of a step; `tags` is browsable only in the "allowed" step, a marker
 * that tells when the agent has dropped its cached rights.
 */
const environment = (
  books: Record<string, boolean>,
  reviews: Record<string, boolean>,
  marker: boolean,
  persons: Record<string, boolean> = {},
) => ({
  collections: {
    books: { collection: rights(books), actions: {} },
    reviews: { collection: rights(reviews), actions: {} },
    persons: { collection: rights(persons), actions: {} },
    passports: { collection: rights({}), actions: {} },
    tags: { collection: rights({ browse: marker }), actions: {} },
  },
});

type Call = (agent: TestAgent, auth: Record<string, string>) => Promise<{ status: number }>;

/** Each data route, the rights it needs on books, reviews and (optionally) persons. */
const routes: Array<
  [string, Call, Record<string, boolean>, Record<string, boolean>, Record<string, boolean>?]
> = [
  ['list', (a, auth) => a.http().get(`/forest/books?${tz}`).set(auth), { browse: true }, {}],
  ['count', (a, auth) => a.http().get(`/forest/books/count?${tz}`).set(auth), { browse: true }, {}],
  ['get', (a, auth) => a.http().get(`/forest/books/1?${tz}`).set(auth), { read: true }, {}],
  [
    'csv (export)',
    (a, auth) => a.http().get(`/forest/books.csv?${tz}&header=id&fields[books]=id`).set(auth),
    { browse: true, export: true },
    {},
  ],
  [
    'create',
    (a, auth) =>
      a
        .http()
        .post(`/forest/books?${tz}`)
        .set(auth)
        .send({ data: { attributes: { title: 'x' } } }),
    { add: true },
    {},
  ],
  [
    'update',
    (a, auth) =>
      a
        .http()
        .put(`/forest/books/1?${tz}`)
        .set(auth)
        .send({ data: { attributes: { title: 'x' } } }),
    { edit: true },
    {},
  ],
  ['delete', (a, auth) => a.http().delete(`/forest/books/1?${tz}`).set(auth), { delete: true }, {}],
  [
    'bulk delete',
    (a, auth) =>
      a
        .http()
        .delete(`/forest/books?${tz}`)
        .set(auth)
        .send({ data: { attributes: { ids: ['1'] } } }),
    { delete: true },
    {},
  ],
  [
    'update array item',
    (a, auth) =>
      a
        .http()
        .put(`/forest/books/1/relationships/notes/0?${tz}`)
        .set(auth)
        .send({ data: { attributes: { text: 'x' } } }),
    { edit: true },
    {},
  ],
  [
    'list related (foreign browse)',
    (a, auth) => a.http().get(`/forest/books/1/relationships/reviews?${tz}`).set(auth),
    {},
    { browse: true },
  ],
  [
    'count related (foreign browse)',
    (a, auth) => a.http().get(`/forest/books/1/relationships/reviews/count?${tz}`).set(auth),
    {},
    { browse: true },
  ],
  [
    'associate (foreign edit)',
    (a, auth) =>
      a
        .http()
        .post(`/forest/books/2/relationships/reviews?${tz}`)
        .set(auth)
        .send({ data: [{ id: '1' }] }),
    {},
    { edit: true },
  ],
  [
    'dissociate (foreign edit)',
    (a, auth) =>
      a
        .http()
        .delete(`/forest/books/1/relationships/reviews?${tz}`)
        .set(auth)
        .send({ data: [{ id: '1' }] }),
    {},
    { edit: true },
  ],
  [
    'delete related (foreign delete)',
    (a, auth) =>
      a
        .http()
        .delete(`/forest/books/1/relationships/reviews?${tz}&delete=true`)
        .set(auth)
        .send({ data: [{ id: '1' }] }),
    {},
    { delete: true },
  ],
  [
    'set a ManyToOne (edit on the parent, browse on the target)',
    (a, auth) =>
      a
        .http()
        .put(`/forest/books/5/relationships/author?${tz}`)
        .set(auth)
        .send({ data: { id: '1' } }),
    { edit: true },
    {},
    { browse: true },
  ],
];

describe('permission denials, route by route', () => {
  let agent: TestAgent;
  let auth: Record<string, string>;

  beforeAll(async () => {
    agent = await startTestAgent();
    auth = { Authorization: `Bearer ${await agent.token()}` };
    // Events only reach an agent whose stream is open.
    const streamOpen = () =>
      agent.platform.requests.some(request => request.path === '/liana/v4/subscribe-to-events');
    for (let attempt = 0; attempt < 100 && !streamOpen(); attempt += 1) {
      await new Promise(resolve => setTimeout(resolve, 20));
    }
  });
  afterAll(() => agent.stop());

  /** Publishes new rights and waits until the agent serves with them (the marker flips). */
  async function withEnvironment(value: ReturnType<typeof environment>, marker: boolean) {
    agent.platform.state.environment = value;
    const expected = marker ? 200 : 403;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      agent.platform.emit('refresh-roles');
      const probe = await agent.http().get(`/forest/tags/count?${tz}`).set(auth);
      if (probe.status === expected) return;
      await new Promise(resolve => setTimeout(resolve, 10));
    }
    throw new Error('the agent never applied the new rights');
  }

  it.each(routes)(
    '%s: 403 without the right, served with it',
    async (_name, call, books, reviews, persons = {}) => {
      await withEnvironment(environment({}, {}, false), false);
      const denied = await call(agent, auth);

      await withEnvironment(environment(books, reviews, true, persons), true);
      const allowed = await call(agent, auth);

      expect(denied.status).toBe(403);
      expect(allowed.status).toBeLessThan(400);
    },
  );
});
