import { startRestrictedShop, tz } from '../../helpers/restricted-shop';
import type { RestrictedShop } from '../../helpers/restricted-shop';

const nestedWrite = {
  status: 400,
  body: {
    errors: [
      {
        name: 'ValidationError',
        detail:
          'Unknown field "customer" in attributes: relations are written through "relationships"',
        status: 400,
      },
    ],
  },
};

/**
 * Writes through HTTP never reach a relation's collection from `attributes` (README
 * "Permissions"): user 2 may edit and add orders, only browse and read customers, and sees the
 * customers of Paris (customer 1 is in Lyon).
 */
describe('nested relation writes over HTTP (SQLite)', () => {
  let shop: RestrictedShop;

  beforeAll(async () => {
    shop = await startRestrictedShop({
      rights: {
        orders: { 2: ['browse', 'read', 'edit', 'add'] },
        customers: { 2: ['browse', 'read'] },
      },
      customersScope: { field: 'city', operator: 'Equal', value: 'Paris' },
      customize: agent => {
        agent.customizeCollection('orders', orders =>
          orders
            .addField('label', {
              columnType: 'String',
              dependencies: ['status'],
              getValues: records => records.map(record => `#${String(record.status)}`),
            })
            .replaceFieldWriting('label', value => ({ status: String(value).replace('#', '') })),
        );
      },
    });
  });
  afterAll(() => shop.stop());

  it('refuses a relation name in the attributes of an update: the customer is unchanged', async () => {
    const response = await shop.agent
      .http()
      .put(`/forest/orders/1?${tz}`)
      .set(shop.as[2])
      .send({ data: { type: 'orders', id: '1', attributes: { customer: { name: 'x' } } } });

    expect({ status: response.status, body: response.body }).toEqual(nestedWrite);
    await expect(shop.select('SELECT id, name, city FROM customers WHERE id = 1')).resolves.toEqual(
      [{ id: 1, name: 'Customer 1', city: 'Lyon' }],
    );
  });

  it('refuses a nested customer in a create: neither the order nor a customer is created', async () => {
    const response = await shop.agent
      .http()
      .post(`/forest/orders?${tz}`)
      .set(shop.as[2])
      .send({
        data: {
          type: 'orders',
          attributes: { amount: 5, status: 'paid', customer: { name: 'Mallory', city: 'Paris' } },
        },
      });

    expect({ status: response.status, body: response.body }).toEqual(nestedWrite);
    await expect(shop.select('SELECT COUNT(*) AS n FROM customers')).resolves.toEqual([{ n: 10 }]);
    await expect(shop.select('SELECT COUNT(*) AS n FROM orders')).resolves.toEqual([{ n: 20 }]);
  });

  it('refuses a relation name on the array-item route: nothing is written', async () => {
    const response = await shop.agent
      .http()
      .put(`/forest/orders/1/relationships/customer/0?${tz}`)
      .set(shop.as[2])
      .send({ data: { attributes: { name: 'x' } } });

    expect(response.status).toBe(400);
    await expect(shop.select('SELECT name FROM customers WHERE id = 1')).resolves.toEqual([
      { name: 'Customer 1' },
    ]);
  });

  it('still links a to-one through relationships for a role with the rights', async () => {
    const response = await shop.agent
      .http()
      .post(`/forest/orders?${tz}`)
      .set(shop.as[2])
      .send({
        data: {
          type: 'orders',
          attributes: { amount: 7, status: 'paid' },
          relationships: { customer: { data: { type: 'customers', id: '2' } } },
        },
      });

    expect(response.status).toBe(200);
    expect(response.body.data.relationships.customer.data).toEqual({ type: 'customers', id: '2' });
    await expect(
      shop.select(`SELECT customer_id, amount FROM orders WHERE id = ${response.body.data.id}`),
    ).resolves.toEqual([{ customer_id: 2, amount: 7 }]);
  });

  it('still writes a computed field whose writing is replaced (a column of the schema)', async () => {
    const response = await shop.agent
      .http()
      .put(`/forest/orders/2?${tz}`)
      .set(shop.as[2])
      .send({ data: { type: 'orders', id: '2', attributes: { label: '#refunded' } } });

    expect(response.status).toBe(200);
    expect(response.body.data.attributes.label).toBe('#refunded');
    await expect(shop.select('SELECT status FROM orders WHERE id = 2')).resolves.toEqual([
      { status: 'refunded' },
    ]);
  });
});
