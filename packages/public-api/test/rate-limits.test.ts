import { signWorkflowWebhookId } from '../src';
import type { TestApi } from './support/public-api-test-server';
import { startTestApi } from './support/public-api-test-server';
import { seedProjects } from './support/fixtures';

const ADMIN = '/v1/project/Acme/admin-logs';

describe('rate limits per token (in memory)', () => {
  let api: TestApi;

  beforeEach(async () => {
    api = await startTestApi({ rateLimits: { perMinute: 5, perHour: 50, perDay: 500 } });
    seedProjects(api.store);
  });
  afterEach(() => api.close());

  it('admits exactly the limit, with truthful headers, then 429 with Retry-After', async () => {
    const token = api.store.addToken({}).value;
    const before = Math.floor(Date.now() / 1000);
    const responses = [];
    for (let i = 0; i < 7; i += 1) responses.push(await api.call('GET', ADMIN, { token }));
    const after = Math.ceil(Date.now() / 1000);

    expect(responses.map(r => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(responses.map(r => r.headers.get('x-ratelimit-remaining'))).toEqual([
      '4',
      '3',
      '2',
      '1',
      '0',
      '0',
      '0',
    ]);
    expect(new Set(responses.map(r => r.headers.get('x-ratelimit-limit')))).toEqual(new Set(['5']));
    const reset = Number(responses[0]!.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(before + 59);
    expect(reset).toBeLessThanOrEqual(after + 60);
    const limited = responses[6]!;
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json).toMatchObject({
      error: 'Too Many Requests',
      message: `Rate limit exceeded. Please retry after ${retryAfter} seconds.`,
      code: 'rate_limited',
      retry_after: retryAfter,
    });
  });

  it('counts concurrent requests exactly', async () => {
    const token = api.store.addToken({}).value;
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => api.call('GET', ADMIN, { token })),
    );

    expect(responses.filter(r => r.status === 200)).toHaveLength(5);
    expect(responses.filter(r => r.status === 429)).toHaveLength(25);
  });

  it('never shares a counter between two tokens, even of one user', async () => {
    const first = api.store.addToken({}).value;
    const second = api.store.addToken({}).value;
    for (let i = 0; i < 6; i += 1) await api.call('GET', ADMIN, { token: first });
    const response = await api.call('GET', ADMIN, { token: second });

    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('4');
  });

  it('counts errors too, and shows the limit on them', async () => {
    const token = api.store.addToken({}).value;
    const bad = await api.call('GET', `${ADMIN}?limit=0`, { token });

    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-ratelimit-remaining')).toBe('4');
  });
});

describe('the tightest window', () => {
  let api: TestApi;

  beforeEach(async () => {
    api = await startTestApi({ rateLimits: { perMinute: 5, perHour: 3, perDay: 500 } });
    seedProjects(api.store);
  });
  afterEach(() => api.close());

  it('reports the window with the fewest requests left, and its reset', async () => {
    const token = api.store.addToken({}).value;
    const now = Math.floor(Date.now() / 1000);
    const first = await api.call('GET', ADMIN, { token });
    await api.call('GET', ADMIN, { token });
    await api.call('GET', ADMIN, { token });
    const refused = await api.call('GET', ADMIN, { token });

    expect(first.headers.get('x-ratelimit-limit')).toBe('3');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(Number(first.headers.get('x-ratelimit-reset'))).toBeGreaterThan(now + 3000);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('3');
    expect(Number(refused.json.retry_after)).toBeGreaterThan(3000);
  });
});

describe('rate limits per webhook', () => {
  let api: TestApi;

  beforeEach(async () => {
    api = await startTestApi({ rateLimits: { perWebhookPerMinute: 2 } });
    const { production } = seedProjects(api.store);
    for (const workflowId of [1, 2]) {
      api.store.triggers.set(workflowId, {
        workflowId,
        name: 'w',
        projectId: 1,
        projectName: 'Acme',
        environmentId: production.id,
        environmentName: 'production',
        webhookEnabled: true,
        urlVersion: 1,
      });
    }
  });
  afterEach(() => api.close());

  it('limits each workflow URL whatever the token, and not the others', async () => {
    const url = (id: number) =>
      `/v1/webhooks/workflows/${signWorkflowWebhookId(api.webhookKey, id, 1)}`;
    const tokens = [
      api.store.addToken({}).value,
      api.store.addToken({}).value,
      api.store.addToken({}).value,
    ];
    const statuses = [];
    for (const [i, token] of tokens.entries()) {
      statuses.push(
        (await api.call('POST', url(1), { token, body: { record_id: String(i) } })).status,
      );
    }
    const other = await api.call('POST', url(2), { token: tokens[0]!, body: { record_id: '9' } });

    expect(statuses).toEqual([202, 202, 429]);
    expect(other.status).toBe(202);
    expect(other.headers.get('x-ratelimit-limit')).toBe('2');
    expect(other.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(api.store.calls.filter(call => call === 'startWorkflowRun')).toHaveLength(3);
  });
});
