import { createSqlShop } from '../../helpers/sql-shop';
import type { SqlShop } from '../../helpers/sql-shop';
import { startTestAgent } from '../../helpers/test-agent';
import type { TestAgent } from '../../helpers/test-agent';
import { platformUser } from '../../helpers/fake-platform';

const tz = 'timezone=Europe%2FParis';

describe('hot paths on a real SQLite database', () => {
  let shop: SqlShop;
  let agent: TestAgent;
  let auth: { Authorization: string };

  beforeAll(async () => {
    shop = await createSqlShop(2500);
    agent = await startTestAgent(
      a => {
        a.addDataSource(shop.factory());
      },
      { exportPageSize: 1000 },
    );
    auth = { Authorization: `Bearer ${await agent.token()}` };
    // Warm the permission caches: later requests must not reach the platform.
    await agent.http().get(`/forest/orders/count?${tz}`).set(auth);
  });
  afterAll(async () => {
    await agent.stop();
    await shop.drop();
  });
  beforeEach(() => {
    shop.queries.length = 0;
    agent.platform.requests.length = 0;
  });

  it.each([15, 100, 1000])('a list of %i orders with their customer is ONE query', async size => {
    const response = await agent
      .http()
      .get(
        `/forest/orders?${tz}&page[size]=${size}&fields[orders]=id,amount,customer&fields[customer]=name`,
      )
      .set(auth);

    expect(response.body.data).toHaveLength(size);
    expect(response.body.included).toHaveLength(10);
    expect(shop.queries).toHaveLength(1);
    expect(agent.platform.requests).toEqual([]);
  });

  it('a count is ONE query', async () => {
    const response = await agent.http().get(`/forest/orders/count?${tz}`).set(auth);

    expect(response.body).toEqual({ count: 2500 });
    expect(shop.queries).toHaveLength(1);
  });

  it('a CSV export of 2500 rows checks its size, then streams in pages of 1000 (4 queries)', async () => {
    const response = await agent
      .http()
      .get(`/forest/orders.csv?${tz}&fields[orders]=id,status&header=Id,Status&filename=orders.csv`)
      .set(auth);
    const lines = response.text.split('\n');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    expect(lines).toHaveLength(2502);
    expect(lines.slice(0, 3)).toEqual(['Id,Status', '1,pending', '2,paid']);
    // One record past maxExportSize (1 000 000 by default) is looked for first.
    expect(shop.queries).toHaveLength(4);
    expect(shop.queries[0]).toMatch(/LIMIT 1 OFFSET 1000000$/);
  });

  it('refuses a CSV export without header before streaming anything', async () => {
    const response = await agent.http().get(`/forest/orders.csv?${tz}&fields[orders]=id`).set(auth);

    expect(response.status).toBe(400);
    expect(response.body.errors[0].name).toBe('ValidationError');
    expect(shop.queries).toEqual([]);
  });

  it('runs a live-query segment with {{currentUser.id}} bound as a parameter', async () => {
    const query = encodeURIComponent(
      'SELECT id FROM orders WHERE customer_id = {{currentUser.id}}',
    );
    const response = await agent
      .http()
      .get(`/forest/orders/count?${tz}&segmentQuery=${query}&connectionName=main`)
      .set(auth);

    expect(response.body).toEqual({ count: 250 });
  });

  it('refuses a live-query segment without connection, and to a plain user unless configured', async () => {
    const sql = 'SELECT id FROM orders WHERE amount > 30';
    const missing = await agent
      .http()
      .get(`/forest/orders?${tz}&segmentQuery=${encodeURIComponent(sql)}`)
      .set(auth);
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].detail).toBe('Missing native query connection attribute');

    agent.platform.state.users = [platformUser(1), platformUser(2, { permissionLevel: 'user' })];
    agent.platform.emit('refresh-users');
    const plain = {
      Authorization: `Bearer ${await agent.token({ id: 2, permissionLevel: 'user' })}`,
    };
    let denied = 0;
    for (let attempt = 0; attempt < 40 && denied !== 403; attempt += 1) {
      await new Promise(resolve => setTimeout(resolve, 25));
      denied = (
        await agent
          .http()
          .get(
            `/forest/orders/count?${tz}&segmentQuery=${encodeURIComponent(sql)}&connectionName=main`,
          )
          .set(plain)
      ).status;
    }
    expect(denied).toBe(403);

    agent.platform.state.renderings['1'] = {
      team: { id: 1, name: 'Ops' },
      collections: {
        orders: {
          scope: null,
          segments: [sql],
          liveQuerySegments: [{ query: sql, connectionName: 'main' }],
        },
      },
      stats: [],
    };
    agent.platform.emit('refresh-renderings', { renderingIds: [1] });
    let allowed = 0;
    for (let attempt = 0; attempt < 40 && allowed !== 200; attempt += 1) {
      await new Promise(resolve => setTimeout(resolve, 25));
      allowed = (
        await agent
          .http()
          .get(
            `/forest/orders/count?${tz}&segmentQuery=${encodeURIComponent(sql)}&connectionName=main`,
          )
          .set(plain)
      ).status;
    }
    expect(allowed).toBe(200);
  });
});
