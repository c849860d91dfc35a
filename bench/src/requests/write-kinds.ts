import { QueryTypes } from 'sequelize';
import { expectSame } from './bench-validation-error';
import { jsonApiRecords, pickCustomer, selectCustomers } from './customer-rows';
import type { DatasetSize } from '../dataset/dataset-size';
import type { RequestKind } from './request-kind';

const cities = ['Paris', 'Lyon', 'Berlin', 'Madrid', 'Rome', 'London', 'Lisbon', 'Vienna'];

/**
 * The customers the `update` kind rewrites: the last 1,000 (fewer on a small shop). The runner
 * saves their cities before a run and puts them back after it.
 *
 * @example
 * ```ts
 * updatedIds(datasetSize(1)); // { first: 99_001, last: 100_000 }
 * ```
 */
export function updatedIds(size: DatasetSize): { first: number; last: number } {
  return { first: Math.max(1, size.customers - 999), last: size.customers };
}

function newCustomer(n: number): Record<string, unknown> {
  return {
    first_name: 'Bench',
    last_name: `Runner ${n}`,
    email: `bench-${n}@example.com`,
    city: 'Lyon',
    is_vip: n % 2 === 0,
    created_at: '2024-05-01T10:00:00.000Z',
  };
}

/**
 * `create`: posts a new customer (JSON:API). The runner deletes the created customers (ids above
 * the generated ones) after a run.
 *
 * @example
 * ```ts
 * createKind.request(3, context).body; // { data: { type: 'customers', attributes: { … } } }
 * ```
 */
export const createKind: RequestKind = {
  name: 'create',
  family: 'write',
  request: n => ({
    method: 'POST',
    path: '/forest/customers?timezone=UTC',
    body: { data: { type: 'customers', attributes: newCustomer(n) } },
  }),
  async validate(answer, request, { db }) {
    const [created] = jsonApiRecords(this.name, answer).map(pickCustomer);
    const stored = await selectCustomers(db, 'WHERE id = :id', { id: Number(created?.id) });
    expectSame(this.name, 'stored record', stored, [created]);
    const posted = (request.body as { data: { attributes: Record<string, unknown> } }).data
      .attributes;
    expectSame(this.name, 'stored email', stored[0]?.email, posted.email);
  },
  raw: n => {
    const customer = newCustomer(n);

    return {
      sql: `INSERT INTO customers (first_name, last_name, email, city, is_vip, created_at)
        VALUES (:first_name, :last_name, :email, :city, :is_vip, :created_at)`,
      replacements: { ...customer, created_at: new Date(String(customer.created_at)) },
    };
  },
};

function updateOf(n: number, size: DatasetSize): { id: number; city: string } {
  const { first, last } = updatedIds(size);

  return { id: last - (n % (last - first + 1)), city: cities[n % cities.length] as string };
}

/**
 * `update`: changes a customer's city (JSON:API); ids rotate over {@link updatedIds}.
 *
 * @example
 * ```ts
 * updateKind.request(0, context); // { method: 'PUT', path: '/forest/customers/100000?…', body }
 * ```
 */
export const updateKind: RequestKind = {
  name: 'update',
  family: 'write',
  request: (n, { size }) => {
    const { id, city } = updateOf(n, size);

    return {
      method: 'PUT',
      path: `/forest/customers/${id}?timezone=UTC`,
      body: { data: { type: 'customers', id: String(id), attributes: { city } } },
    };
  },
  async validate(answer, request, { db }) {
    const body = request.body as { data: { id: string; attributes: { city: string } } };
    const [answered] = jsonApiRecords(this.name, answer);
    expectSame(this.name, 'answered city', answered?.city, body.data.attributes.city);
    const [row] = await db.query<{ city: string }>('SELECT city FROM customers WHERE id = :id', {
      type: QueryTypes.SELECT,
      replacements: { id: Number(body.data.id) },
    });
    expectSame(this.name, 'stored city', row?.city, body.data.attributes.city);
  },
  raw: (n, { size }) => ({
    sql: 'UPDATE customers SET city = :city WHERE id = :id',
    replacements: updateOf(n, size),
  }),
};
