import { startRestrictedShop, tz } from '../../helpers/restricted-shop';
import type { RestrictedShop } from '../../helpers/restricted-shop';

const withCustomer = 'fields[orders]=id,customer&fields[customer]=name';

interface Resource {
  id: string;
  relationships: { customer: { data: { id: string } | null } };
}
const customerIds = (body: { data: Resource[] }) =>
  body.data.map(order => [order.id, order.relationships.customer.data?.id ?? null]);

/**
 * To-one relations never reveal a foreign record the caller cannot read (README "Permissions").
 * Customers of odd ids are in Lyon, of even ids in Paris; order n belongs to customer
 * ((n - 1) % 10) + 1. Users 2 and 3 hold every right on orders; user 2 browses and reads the
 * customers of Paris only (scope); user 3 holds no right on customers.
 */
describe('to-one relations within the foreign rights and scope (SQLite)', () => {
  let shop: RestrictedShop;
  const get = (path: string, user: 1 | 2 | 3) => shop.agent.http().get(path).set(shop.as[user]);
  const customerOf = async (order: number) =>
    (await shop.select<{ c: number }>(`SELECT customer_id AS c FROM orders WHERE id = ${order}`))[0]
      ?.c;

  beforeAll(async () => {
    shop = await startRestrictedShop({
      rights: {
        orders: { 2: ['browse', 'read', 'edit', 'add', 'export'], 3: ['browse', 'edit', 'export'] },
        customers: { 2: ['browse', 'read'] },
      },
      customersScope: { field: 'city', operator: 'Equal', value: 'Paris' },
    });
    // Warm the permission caches, so that the query counts below are the data source's only.
    await get(`/forest/orders/count?${tz}`, 1);
    await get(`/forest/orders/count?${tz}`, 2);
  });
  afterAll(() => shop.stop());
  beforeEach(() => {
    shop.shop.queries.length = 0;
  });

  describe('embedding in lists, records and exports', () => {
    it('nulls the customers outside the scope, with ONE extra query per page', async () => {
      const response = await get(`/forest/orders?${tz}&${withCustomer}&sort=id&page[size]=4`, 2);

      expect(customerIds(response.body)).toEqual([
        ['1', null],
        ['2', '2'],
        ['3', null],
        ['4', '4'],
      ]);
      expect(response.body.included.map((c: { id: string }) => c.id).sort()).toEqual(['2', '4']);
      expect(shop.shop.queries).toHaveLength(2);
    });

    it('shows no customer to a user without browse on customers, in ONE query', async () => {
      const response = await get(`/forest/orders?${tz}&sort=id&page[size]=3`, 3);

      expect(customerIds(response.body)).toEqual([
        ['1', null],
        ['2', null],
        ['3', null],
      ]);
      expect(response.body.included).toBeUndefined();
      expect(shop.shop.queries).toHaveLength(1);
    });

    it('keeps the hot path of a caller without scope: ONE query, every customer', async () => {
      const response = await get(`/forest/orders?${tz}&${withCustomer}&sort=id&page[size]=2`, 1);

      expect(customerIds(response.body)).toEqual([
        ['1', '1'],
        ['2', '2'],
      ]);
      expect(shop.shop.queries).toHaveLength(1);
    });

    it('nulls an out-of-scope customer on a single record', async () => {
      const outside = await get(`/forest/orders/11?${tz}&${withCustomer}`, 2);
      const inside = await get(`/forest/orders/12?${tz}&${withCustomer}`, 2);

      expect(outside.body.data.relationships.customer.data).toBeNull();
      expect(outside.body.included).toBeUndefined();
      expect(inside.body.data.relationships.customer.data).toEqual({ type: 'customers', id: '2' });
      expect(inside.body.included[0].attributes).toEqual({ id: 2, name: 'Customer 2' });
    });

    it('exports empty customer cells outside the scope or without browse', async () => {
      const csv = (user: 2 | 3) =>
        get(
          `/forest/orders.csv?${tz}&${withCustomer}&header=id,customer&filename=o.csv&sort=id&filters=${encodeURIComponent('{"field":"id","operator":"less_than","value":4}')}`,
          user,
        );
      const scoped = await csv(2);
      const unrelated = await csv(3);

      expect(scoped.text.split('\n')).toEqual(['id,customer', '1,', '2,Customer 2', '3,', '']);
      expect(unrelated.text.split('\n')).toEqual(['id,customer', '1,', '2,', '3,', '']);
    });

    it('nulls the customers of a related list the same way', async () => {
      const scoped = await get(
        `/forest/customers/1/relationships/orders?${tz}&${withCustomer}&sort=id`,
        2,
      );
      const unrelated = await get(
        `/forest/customers/2/relationships/orders?${tz}&${withCustomer}&sort=id`,
        3,
      );

      expect(customerIds(scoped.body)).toEqual([
        ['1', null],
        ['11', null],
      ]);
      expect(customerIds(unrelated.body)).toEqual([
        ['2', null],
        ['12', null],
      ]);
    });
  });

  describe('linking', () => {
    it('refuses a customer outside the scope (404): the order keeps its customer', async () => {
      const response = await shop.agent
        .http()
        .put(`/forest/orders/3/relationships/customer?${tz}`)
        .set(shop.as[2])
        .send({ data: { type: 'customers', id: '1' } });

      expect(response.status).toBe(404);
      await expect(customerOf(3)).resolves.toBe(3);
    });

    it('refuses a customer that does not exist (404): the order keeps its customer', async () => {
      const response = await shop.agent
        .http()
        .put(`/forest/orders/3/relationships/customer?${tz}`)
        .set(shop.as[2])
        .send({ data: { type: 'customers', id: '99' } });

      expect(response.status).toBe(404);
      await expect(customerOf(3)).resolves.toBe(3);
    });

    it('refuses a user without browse on customers (403): the order keeps its customer', async () => {
      const response = await shop.agent
        .http()
        .put(`/forest/orders/3/relationships/customer?${tz}`)
        .set(shop.as[3])
        .send({ data: { type: 'customers', id: '4' } });

      expect(response.status).toBe(403);
      await expect(customerOf(3)).resolves.toBe(3);
    });

    it('refuses a create linked to a customer outside the scope: no order is created', async () => {
      const response = await shop.agent
        .http()
        .post(`/forest/orders?${tz}`)
        .set(shop.as[2])
        .send({
          data: {
            attributes: { amount: 1, status: 'paid' },
            relationships: { customer: { data: { type: 'customers', id: '1' } } },
          },
        });

      expect(response.status).toBe(404);
      await expect(shop.select('SELECT COUNT(*) AS n FROM orders')).resolves.toEqual([{ n: 20 }]);
    });

    it('links a customer within the scope, and unlinks', async () => {
      const link = await shop.agent
        .http()
        .put(`/forest/orders/5/relationships/customer?${tz}`)
        .set(shop.as[2])
        .send({ data: { type: 'customers', id: '6' } });
      const linked = await customerOf(5);
      const unlink = await shop.agent
        .http()
        .put(`/forest/orders/5/relationships/customer?${tz}`)
        .set(shop.as[3])
        .send({ data: null });

      expect([link.status, linked]).toEqual([204, 6]);
      expect(unlink.status).toBe(204);
      await expect(customerOf(5)).resolves.toBeNull();
    });
  });
});
