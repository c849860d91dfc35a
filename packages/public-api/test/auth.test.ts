import type { TestApi } from './support/public-api-test-server';
import { startTestApi } from './support/public-api-test-server';
import { seedProjects } from './support/fixtures';

const ADMIN_LOGS = '/v1/project/Acme/admin-logs';
const INVALID = {
  error: 'Unauthorized',
  message: 'Invalid or missing API token',
  code: 'invalid_token',
};

describe('authentication', () => {
  let api: TestApi;

  beforeEach(async () => {
    api = await startTestApi();
    seedProjects(api.store);
  });
  afterEach(() => api.close());

  it('answers 200 to a valid token and records its use', async () => {
    const { value, token } = api.store.addToken({});
    const response = await api.call('GET', ADMIN_LOGS, { token: value });

    expect(response.status).toBe(200);
    expect(api.store.touches.map(touch => touch.tokenId)).toEqual([token.id]);
  });

  it.each([
    ['no header', undefined],
    ['another scheme', 'Basic abc'],
    ['an empty bearer', 'Bearer '],
    ['a bearer with two parts', 'Bearer a b'],
  ])('refuses %s with 401 invalid_token, without asking the store', async (_, header) => {
    const response = await api.call('GET', ADMIN_LOGS, {
      headers: header === undefined ? {} : { authorization: header },
    });

    expect(response.status).toBe(401);
    expect(response.json).toMatchObject(INVALID);
    expect(response.json.request_id).toBe(response.headers.get('x-request-id'));
    expect(api.store.calls).toEqual([]);
  });

  it('refuses a token whose checksum is wrong offline (the store is never asked)', async () => {
    const { value } = api.store.addToken({});
    const last = value.at(-1) === 'A' ? 'B' : 'A';
    const response = await api.call('GET', ADMIN_LOGS, { token: `${value.slice(0, -1)}${last}` });

    expect(response.status).toBe(401);
    expect(response.json).toMatchObject(INVALID);
    expect(api.store.calls).toEqual([]);
  });

  it('refuses an unknown, well-formed token', async () => {
    const other = await startTestApi();
    const { value } = other.store.addToken({});
    await other.close();
    const response = await api.call('GET', ADMIN_LOGS, { token: value });

    expect(response.status).toBe(401);
    expect(response.json).toMatchObject(INVALID);
    expect(api.store.calls).toEqual(['findToken']);
  });

  it('refuses a revoked token and a token whose owner left the project', async () => {
    const revoked = api.store.addToken({ revokedAt: new Date('2025-02-01T00:00:00Z') });
    const orphan = api.store.addToken({ owner: null });

    for (const { value } of [revoked, orphan]) {
      const response = await api.call('GET', ADMIN_LOGS, { token: value });
      expect(response.status).toBe(401);
      expect(response.json).toMatchObject(INVALID);
    }
  });

  it('refuses an expired token with token_expired', async () => {
    const { value } = api.store.addToken({ expiresAt: new Date(Date.now() - 1000) });
    const response = await api.call('GET', ADMIN_LOGS, { token: value });

    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({
      error: 'Unauthorized',
      message: 'API token has expired',
      code: 'token_expired',
    });
  });

  it('accepts a token that expires later', async () => {
    const { value } = api.store.addToken({ expiresAt: new Date(Date.now() + 60_000) });

    expect((await api.call('GET', ADMIN_LOGS, { token: value })).status).toBe(200);
  });

  it('refuses a demoted owner (no longer Admin) with 403', async () => {
    const { value } = api.store.addToken({ owner: { isProjectAdmin: false } });
    const response = await api.call('GET', ADMIN_LOGS, { token: value });

    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({
      error: 'Forbidden',
      message: 'Insufficient permissions for this operation',
      code: 'insufficient_scope',
    });
  });

  it('touches a token at most once a minute per process', async () => {
    const { value } = api.store.addToken({});
    for (let i = 0; i < 3; i += 1) await api.call('GET', ADMIN_LOGS, { token: value });

    expect(api.store.touches).toHaveLength(1);
  });

  it('echoes a plain client request id and replaces an unsafe one', async () => {
    const plain = await api.call('GET', ADMIN_LOGS, { headers: { 'x-request-id': 'abc-123' } });
    const unsafe = await api.call('GET', ADMIN_LOGS, { headers: { 'x-request-id': 'a b<c>' } });

    expect(plain.headers.get('x-request-id')).toBe('abc-123');
    expect(plain.json.request_id).toBe('abc-123');
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 401 before 404 on unknown /v1 paths, and lets other paths through', async () => {
    const v1 = await fetch(`${api.url}/v1/nothing-here`);
    const other = await fetch(`${api.url}/elsewhere`);

    expect(v1.status).toBe(401);
    expect(other.status).toBe(404);
    expect(await other.text()).toBe('app 404');
  });
});

describe('authentication failures per IP', () => {
  let api: TestApi;

  beforeEach(async () => {
    api = await startTestApi({ rateLimits: { perIpPerMinute: 3 } });
    seedProjects(api.store);
  });
  afterEach(() => api.close());

  it('stops garbage tokens of one IP before the store, but valid tokens give their point back', async () => {
    const { value } = api.store.addToken({});
    // Valid requests do not use up the IP's budget.
    for (let i = 0; i < 5; i += 1) {
      expect((await api.call('GET', ADMIN_LOGS, { token: value })).status).toBe(200);
    }
    const stranger = await startTestApi();
    const unknown = stranger.store.addToken({}).value;
    await stranger.close();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await api.call('GET', ADMIN_LOGS, { token: unknown })).status);
    }

    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(api.store.calls.filter(call => call === 'findToken')).toHaveLength(5 + 3);
    const limited = await api.call('GET', ADMIN_LOGS, { token: unknown });
    expect(limited.json).toMatchObject({ code: 'rate_limited', error: 'Too Many Requests' });
    expect(Number(limited.headers.get('retry-after'))).toBe(limited.json.retry_after);
  });
});

describe('malformed requests', () => {
  let api: TestApi;

  beforeEach(async () => {
    api = await startTestApi();
    seedProjects(api.store);
  });
  afterEach(() => api.close());

  it('answers 400 (not 500) to a path that is not valid percent-encoding', async () => {
    const { value } = api.store.addToken({});
    const response = await api.call('GET', '/v1/project/%E0%A4%A/admin-logs', { token: value });

    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'Bad Request', code: 'invalid_parameter' });
    expect(api.logs).toEqual([]);
  });
});
