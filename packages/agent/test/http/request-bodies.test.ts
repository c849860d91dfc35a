import { createSqlShop } from '../helpers/sql-shop';
import type { SqlShop } from '../helpers/sql-shop';
import { startTestAgent } from '../helpers/test-agent';
import type { TestAgent } from '../helpers/test-agent';
import { countRows } from './sqlite-rows';

const tz = 'timezone=Europe%2FParis';
const customer = (name: string) => ({ data: { type: 'customers', attributes: { name } } });

describe('request bodies on a running agent', () => {
  let shop: SqlShop;
  let agent: TestAgent;
  let auth: { Authorization: string };

  beforeAll(async () => {
    shop = await createSqlShop(3);
    agent = await startTestAgent(a => a.addDataSource(shop.factory()), { maxBodySize: '1kb' });
    auth = { Authorization: `Bearer ${await agent.token()}` };
  });
  afterAll(async () => {
    await agent.stop();
    await shop.drop();
  });

  it('refuses an anonymous 20 MB body with 401 without parsing it', async () => {
    // Not JSON: a parsed body would be a 400 (or a 413), a body left unread is the token's 401.
    const body = `{"data":${'x'.repeat(20 * 1024 * 1024)}`;
    const response = await agent
      .http()
      .post(`/forest/customers?${tz}`)
      .set('Content-Type', 'application/json')
      .send(body);

    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      errors: [{ name: 'UnauthorizedError', detail: 'Authentication Error', status: 401 }],
    });
    expect(await countRows(shop.path, 'customers')).toBe(10);
  });

  it('reads at most 4 KB on the public login route: 413 in the protocol shape', async () => {
    const response = await agent
      .http()
      .post('/forest/authentication')
      .send({ renderingId: 1, padding: 'x'.repeat(5000) });

    expect(response.status).toBe(413);
    expect(response.type).toBe('application/json');
    expect(response.body).toEqual({
      errors: [
        {
          name: 'PayloadTooLargeError',
          detail: 'The request body is larger than the limit of 4096 bytes',
          status: 413,
        },
      ],
    });
  });

  it('still serves a login body under the limit', async () => {
    const response = await agent.http().post('/forest/authentication').send({ renderingId: 1 });

    expect(response.status).toBe(200);
    expect(response.body.authorizationUrl).toEqual(expect.any(String));
  });

  it('answers 413 JSON to an authenticated body over maxBodySize, and writes nothing', async () => {
    const response = await agent
      .http()
      .post(`/forest/customers?${tz}`)
      .set(auth)
      .send(customer('x'.repeat(2000)));

    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      errors: [
        {
          name: 'PayloadTooLargeError',
          detail: 'The request body is larger than the limit of 1024 bytes',
          status: 413,
        },
      ],
    });
    expect(await countRows(shop.path, 'customers')).toBe(10);
  });

  it('creates from an authenticated body under maxBodySize', async () => {
    const response = await agent
      .http()
      .post(`/forest/customers?${tz}`)
      .set(auth)
      .send(customer('Ada'));

    expect(response.status).toBe(200);
    expect(await countRows(shop.path, 'customers')).toBe(11);
  });

  it('answers 400 JSON to malformed JSON, logged at Debug and never at Error', async () => {
    agent.logs.length = 0;
    const response = await agent
      .http()
      .post(`/forest/customers?${tz}`)
      .set(auth)
      .set('Content-Type', 'application/json')
      .send('{"data": {"attributes": ');

    expect(response.status).toBe(400);
    expect(response.type).toBe('application/json');
    expect(response.body).toEqual({
      errors: [
        { name: 'ValidationError', detail: 'The request body is not valid JSON', status: 400 },
      ],
    });
    expect(response.text).not.toContain('at ');
    expect(agent.logs.filter(log => log.level === 'Error')).toEqual([]);
    expect(agent.logs).toContainEqual(
      expect.objectContaining({
        level: 'Debug',
        message: expect.stringContaining(`POST /forest/customers?${tz} failed`),
      }),
    );
  });

  it('answers 400 JSON to a malformed JSON bulk delete and deletes nothing', async () => {
    const response = await agent
      .http()
      .delete(`/forest/orders?${tz}`)
      .set(auth)
      .set('Content-Type', 'application/json')
      .send('{"data":{"attributes":{"ids":["1"],"all_records":tru');

    expect(response.status).toBe(400);
    expect(response.body.errors[0].name).toBe('ValidationError');
    expect(await countRows(shop.path, 'orders')).toBe(3);
  });

  it('refuses a body nested deeper than 100 levels with a 400, writing nothing', async () => {
    const before = await countRows(shop.path, 'customers');
    const deep = `${'['.repeat(150)}1${']'.repeat(150)}`;
    const response = await agent
      .http()
      .post(`/forest/customers?${tz}`)
      .set(auth)
      .set('Content-Type', 'application/json')
      .send(`{"data":{"type":"customers","attributes":{"name":${deep}}}}`);

    expect([response.status, response.body.errors[0].detail]).toEqual([
      400,
      'The request body is nested deeper than 100 levels of objects and arrays',
    ]);
    expect(await countRows(shop.path, 'customers')).toBe(before);
  });

  it('answers a body in an encoding it cannot read (br on plain JSON) with a JSON 4xx', async () => {
    const before = await countRows(shop.path, 'customers');
    const response = await agent
      .http()
      .post(`/forest/customers?${tz}`)
      .set(auth)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'br')
      .send(JSON.stringify(customer('Brotli')));

    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.errors[0].status).toBe(response.status);
    expect(await countRows(shop.path, 'customers')).toBe(before);
  });

  it('answers a path that does not decode with a JSON 400, not a 500', async () => {
    const response = await agent.http().put(`/forest/customers/%E0%A4%A?${tz}`).set(auth).send({});

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      errors: [
        { name: 'ValidationError', detail: "Failed to decode param '%E0%A4%A'", status: 400 },
      ],
    });
  });
});
