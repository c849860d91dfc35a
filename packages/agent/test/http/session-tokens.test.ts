import { createHmac } from 'node:crypto';
import { authSecret } from '../helpers/fake-platform';
import { createSqlShop } from '../helpers/sql-shop';
import type { SqlShop } from '../helpers/sql-shop';
import { startTestAgent } from '../helpers/test-agent';
import type { TestAgent } from '../helpers/test-agent';
import { countRows } from './sqlite-rows';

const tz = 'timezone=Europe%2FParis';

/** An HS256 token signed with the right secret by hand: what an attacker holding it could craft. */
function handSigned(payload: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;

  return `${unsigned}.${createHmac('sha256', authSecret).update(unsigned).digest('base64url')}`;
}

const unauthorized = {
  errors: [{ name: 'UnauthorizedError', detail: 'Authentication Error', status: 401 }],
};

describe('session tokens on a running agent', () => {
  let shop: SqlShop;
  let agent: TestAgent;

  beforeAll(async () => {
    shop = await createSqlShop(3);
    agent = await startTestAgent(a => a.addDataSource(shop.factory()));
  });
  afterAll(async () => {
    await agent.stop();
    await shop.drop();
  });

  it.each([
    ['a cookie that does not percent-decode', '%E0%A4%A'],
    ['a cookie that is not a JWT', 'not-a-token'],
    ['a cookie of three garbage parts', 'a.b.c'],
  ])('answers 401 to %s', async (_case, value) => {
    const response = await agent
      .http()
      .delete(`/forest/orders/1?${tz}`)
      .set('Cookie', `forest_session_token=${value}`);

    expect(response.status).toBe(401);
    expect(response.body).toEqual(unauthorized);
    expect(await countRows(shop.path, 'orders')).toBe(3);
  });

  it.each([
    ['no exp', {}],
    ['a string exp', { exp: '9999999999' }],
    ['a null exp', { exp: null }],
  ])('answers 401 to a well-signed token with %s', async (_case, claims) => {
    const token = handSigned({ id: 1, renderingId: 1, permissionLevel: 'admin', ...claims });
    const bearer = await agent
      .http()
      .delete(`/forest/orders/1?${tz}`)
      .set('Authorization', `Bearer ${token}`);
    const cookie = await agent
      .http()
      .delete(`/forest/orders/2?${tz}`)
      .set('Cookie', `forest_session_token=${token}`);

    expect([bearer.status, cookie.status]).toEqual([401, 401]);
    expect(bearer.body).toEqual(unauthorized);
    expect(await countRows(shop.path, 'orders')).toBe(3);
  });

  it('serves a well-signed token with a numeric exp in the future', async () => {
    const token = handSigned({ id: 1, renderingId: 1, exp: Math.floor(Date.now() / 1000) + 60 });
    const response = await agent
      .http()
      .get(`/forest/orders/count?${tz}`)
      .set('Authorization', `Bearer ${token}`);

    expect(response.body).toEqual({ count: 3 });
  });
});
