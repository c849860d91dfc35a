import {
  PLATFORM_WITHOUT_ACTIVITY_LOGS,
  WRITE_NOT_LOGGED,
} from '../../src/activity/activity-log-recorder';
import { VENDOR_PLATFORM_ROUTES } from '../helpers/fake-platform';
import { startTestAgent } from '../helpers/test-agent';
import type { TestAgent } from '../helpers/test-agent';

const tz = 'timezone=Europe%2FParis';

// docs/decisions.md#d31-platforms-without-agent-activity-logs
describe('an agent against a platform without agent activity logs', () => {
  let agent: TestAgent;
  let auth: { Authorization: string };

  const start = async (activityLogsStatus?: number) => {
    agent = await startTestAgent(undefined, {}, platform => {
      if (activityLogsStatus) platform.state.activityLogsStatus = activityLogsStatus;
      else platform.state.vendorOnly = true;
    });
    auth = { Authorization: `Bearer ${await agent.token()}` };
  };
  const titleOf = async (id: number) =>
    (await agent.http().get(`/forest/books/${id}?${tz}`).set(auth)).body.data.attributes.title;
  const rename = (id: number, title: string) =>
    agent
      .http()
      .put(`/forest/books/${id}?${tz}`)
      .set(auth)
      .send({ data: { type: 'books', id: String(id), attributes: { title } } });
  const warnings = () =>
    agent.logs.filter(log => log.message.includes(PLATFORM_WITHOUT_ACTIVITY_LOGS));

  afterEach(() => agent.stop());

  it('warns once at start, then writes and reads work without logs (the vendor platform: 404)', async () => {
    await start(404);
    // The probe runs in the background from the start; a write waits for its answer.
    expect((await rename(1, 'Dune Messiah')).status).toBe(200);
    expect(warnings()).toEqual([
      {
        level: 'Warn',
        message: `The platform at ${agent.platform.url} ${PLATFORM_WITHOUT_ACTIVITY_LOGS}`,
        error: undefined,
      },
    ]);
    expect((await rename(2, 'Emma')).status).toBe(200);
    expect(await titleOf(1)).toBe('Dune Messiah');
    expect(await titleOf(2)).toBe('Emma');
    await agent.agent.stop();
    expect(warnings()).toHaveLength(1);
    // Only the start's probe reached the activity-log route: no write waited for a log.
    const logCalls = agent.platform.requests.filter(r => r.path.includes('activity-logs'));
    expect(logCalls.map(r => [r.method, r.path, r.body])).toEqual([
      ['POST', '/liana/v1/activity-logs', { logs: [] }],
    ]);
  });

  it("against a server that answers only the vendor's routes (404 elsewhere): creates, updates, deletes and reads", async () => {
    await start();
    const created = await agent
      .http()
      .post(`/forest/books?${tz}`)
      .set(auth)
      .send({
        data: { type: 'books', attributes: { title: 'Children of Dune', status: 'draft' } },
      });
    expect(created.status).toBe(200);
    const id = Number(created.body.data.id);
    expect((await rename(id, 'Children of Dune, revised')).status).toBe(200);
    expect(await titleOf(id)).toBe('Children of Dune, revised');
    expect((await agent.http().delete(`/forest/books/${id}?${tz}`).set(auth)).status).toBe(204);
    expect((await agent.http().get(`/forest/books/${id}?${tz}`).set(auth)).status).toBe(404);
    const count = await agent.http().get(`/forest/books/count?${tz}`).set(auth);
    expect([count.status, count.body.count]).toEqual([200, 5]);
    expect(warnings()).toHaveLength(1);

    // Every call the agent made was one of the vendor's routes, but the one start probe.
    const calls = agent.platform.requests.map(r => `${r.method} ${r.path} ${r.status ?? '-'}`);
    const outside = calls.filter(
      call => !VENDOR_PLATFORM_ROUTES.some(route => route.test(call.replace(/ \S+$/, ''))),
    );
    expect(outside).toEqual(['POST /liana/v1/activity-logs 404']);
    expect(calls).toEqual(expect.arrayContaining(['GET /liana/v4/permissions/environment 200']));
  });

  it('keeps strict auditing when the platform answers anything else (503 at start)', async () => {
    await start(503);
    expect(warnings()).toEqual([]);

    const refused = await rename(1, 'Changed');
    expect(refused.status).toBe(503);
    expect(refused.body.errors[0].detail).toBe(WRITE_NOT_LOGGED);
    agent.platform.state.activityLogsStatus = undefined;
    expect(await titleOf(1)).toBe('Dune');
    expect((await rename(1, 'Dune Messiah')).status).toBe(200);
    expect(await titleOf(1)).toBe('Dune Messiah');
  });
});
