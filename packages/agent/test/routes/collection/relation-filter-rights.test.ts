import { startRestrictedShop, tz } from '../../helpers/restricted-shop';
import type { RestrictedShop } from '../../helpers/restricted-shop';

const byCustomerName = `filters=${encodeURIComponent(
  JSON.stringify({ field: 'customer:name', operator: 'Equal', value: 'Customer 3' }),
)}`;

/**
 * Filters and sorts through a relation need the browse right on the related collection
 * (README "Permissions"): otherwise `customer:name` would be a blind oracle on customers that
 * the caller may not see. User 3 holds every right on orders and none on customers; user 2
 * browses customers.
 */
describe('filters and sorts through a relation the caller cannot browse (SQLite)', () => {
  let shop: RestrictedShop;
  const get = (path: string, user: 1 | 2 | 3) => shop.agent.http().get(path).set(shop.as[user]);

  beforeAll(async () => {
    shop = await startRestrictedShop({
      rights: {
        orders: {
          2: ['browse', 'read', 'export', 'delete'],
          3: ['browse', 'read', 'export', 'delete'],
        },
        customers: { 2: ['browse', 'read'] },
      },
    });
  });
  afterAll(() => shop.stop());

  it.each([
    ['list', `/forest/orders?${tz}&${byCustomerName}`],
    ['count', `/forest/orders/count?${tz}&${byCustomerName}`],
    ['csv', `/forest/orders.csv?${tz}&${byCustomerName}&header=id&fields[orders]=id`],
    ['sorted list', `/forest/orders?${tz}&sort=-customer.name`],
  ])('refuses a %s filtered or sorted on customer:name with 403', async (_, path) => {
    const response = await get(path, 3);

    expect(response.status).toBe(403);
    expect(response.body.errors[0].detail).toBe(
      'Forbidden: "customer:name" needs the browse right on "customers"',
    );
  });

  it('serves the same filter to a caller who browses customers', async () => {
    const response = await get(`/forest/orders?${tz}&${byCustomerName}&sort=id`, 2);

    expect(response.status).toBe(200);
    expect(response.body.data.map((order: { id: string }) => order.id)).toEqual(['3', '13']);
  });

  it('refuses a bulk delete selected by customer:name, and deletes nothing', async () => {
    const response = await shop.agent
      .http()
      .delete(`/forest/orders?${tz}`)
      .set(shop.as[3])
      .send({
        data: {
          attributes: {
            collection_name: 'orders',
            ids: [],
            all_records: true,
            all_records_ids_excluded: [],
            all_records_subset_query: {
              timezone: 'Europe/Paris',
              filters: JSON.stringify({ field: 'customer:name', operator: 'Equal', value: 'x' }),
            },
          },
          type: 'action-requests',
        },
      });

    expect(response.status).toBe(403);
    expect(await shop.select('SELECT count(*) AS n FROM orders')).toEqual([{ n: 20 }]);
  });
});
