import { startRestrictedShop, tz } from '../../helpers/restricted-shop';
import type { RestrictedShop } from '../../helpers/restricted-shop';

const countOrders = { type: 'Value', sourceCollectionName: 'orders', aggregator: 'Count' };
const countCustomers = { type: 'Value', sourceCollectionName: 'customers', aggregator: 'Count' };
const ordersByCity = {
  type: 'Pie',
  sourceCollectionName: 'orders',
  aggregator: 'Count',
  groupByFieldName: 'customer:city',
};
const topCustomers = {
  type: 'Leaderboard',
  sourceCollectionName: 'customers',
  aggregator: 'Count',
  labelFieldName: 'name',
  relationshipFieldName: 'orders',
  limit: 3,
};
const ofCustomer1 = encodeURIComponent(
  JSON.stringify({ field: 'customer:name', operator: 'equal', value: 'Customer 1' }),
);

/**
 * A user-level user runs a chart because its rendering saved the same definition: the replay
 * reads exactly what was saved (README "Permissions"). Users 2 (browses orders, not customers)
 * and 3 (browses nothing) share a rendering whose saved charts count orders and customers.
 */
describe('saved charts are replayed as saved (SQLite)', () => {
  let shop: RestrictedShop;
  const post = (path: string, body: object, user: 1 | 2 | 3 = 2) =>
    shop.agent.http().post(path).set(shop.as[user]).send(body);

  beforeAll(async () => {
    shop = await startRestrictedShop({
      rights: { orders: { 2: ['browse', 'read'] }, customers: {} },
      stats: [countOrders, countCustomers, ordersByCity],
    });
  });
  afterAll(() => shop.stop());

  it('refuses a saved chart grouped through a relation it cannot browse (403)', async () => {
    const response = await post(`/forest/stats/orders?${tz}`, ordersByCity);

    expect([response.status, response.body.errors[0].detail]).toEqual([
      403,
      'Forbidden: "customer:city" needs the browse right on "customers"',
    ]);
  });

  it('runs the saved chart as saved', async () => {
    const response = await post(`/forest/stats/orders?${tz}`, countOrders);

    expect(response.status).toBe(200);
    expect(response.body.data.attributes.value).toEqual({ countCurrent: 20 });
  });

  it.each([
    ['another collection in the URL', `/forest/stats/customers?${tz}`, countOrders],
    [
      'another collection in the URL, with filters',
      `/forest/stats/customers?${tz}&filters=${encodeURIComponent('{"field":"name","operator":"equal","value":"Customer 1"}')}`,
      countOrders,
    ],
    ['query-string filters', `/forest/stats/orders?${tz}&filters=${ofCustomer1}`, countOrders],
    [
      'query-string filters after a blank one',
      `/forest/stats/orders?${tz}&filters=&filters=${ofCustomer1}`,
      countOrders,
    ],
    ['a search', `/forest/stats/orders?${tz}&search=Customer%201`, countOrders],
    [
      'body filters (JSON text, not hashed)',
      `/forest/stats/orders?${tz}`,
      { ...countOrders, filters: decodeURIComponent(ofCustomer1) },
    ],
    [
      'a saved chart on a collection it cannot browse',
      `/forest/stats/customers?${tz}`,
      countCustomers,
    ],
  ])('refuses %s (403)', async (_name, path, body) => {
    const response = await post(path, body);

    expect(response.status).toBe(403);
    expect(response.body.errors[0].name).toBe('ForbiddenError');
  });

  it('refuses the saved chart to a user who cannot browse its collection', async () => {
    const response = await post(`/forest/stats/orders?${tz}`, countOrders, 3);

    expect(response.status).toBe(403);
  });

  it('lets an admin run any chart with filters, as before', async () => {
    const response = await post(
      `/forest/stats/orders?${tz}&filters=${ofCustomer1}`,
      countOrders,
      1,
    );

    expect(response.status).toBe(200);
    expect(response.body.data.attributes.value).toEqual({ countCurrent: 2 });
  });
});

describe('a saved leaderboard reads no further than the caller browses (SQLite)', () => {
  let shop: RestrictedShop;

  beforeAll(async () => {
    shop = await startRestrictedShop({
      rights: { orders: { 3: ['browse'] }, customers: { 2: ['browse'], 3: ['browse'] } },
      stats: [topCustomers],
    });
  });
  afterAll(() => shop.stop());

  it.each([
    [2, 403],
    [3, 200],
  ] as const)('user %i (browse on orders: user 3 only) gets %i', async (user, status) => {
    const response = await shop.agent
      .http()
      .post(`/forest/stats/customers?${tz}`)
      .set(shop.as[user])
      .send(topCustomers);

    expect(response.status).toBe(status);
  });
});
