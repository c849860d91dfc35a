import { QueryTypes } from 'sequelize';
import { expectSame } from './bench-validation-error';
import {
  customerFields,
  jsonApiRecords,
  jsonBody,
  pickCustomer,
  selectCustomers,
} from './customer-rows';
import { queryString, rotateId } from './query-string';
import type { BenchDialect, RequestKind } from './request-kind';

const page = { 'page[size]': 15, 'page[number]': 1 };
const fields = { 'fields[customers]': customerFields.join(',') };
const columns = customerFields.join(', ');
/** Every Paris customer is a Margaret: the search on a last name keeps ~1/7 of them. */
const searchTerm = 'Knuth';
const parisFilter = JSON.stringify({ field: 'city', operator: 'equal', value: 'Paris' });
/** Both agents search every string column, case-insensitively. */
const searchSql = (dialect: BenchDialect) => {
  const like = dialect === 'postgres' ? 'ILIKE' : 'LIKE';

  return ['first_name', 'last_name', 'email', 'city']
    .map(column => `${column} ${like} :pattern`)
    .join(' OR ');
};

/**
 * `list`: the first page of 15 customers sorted by id, every field.
 *
 * @example
 * ```ts
 * listKind.request(0, context).path; // '/forest/customers?timezone=UTC&page%5Bsize%5D=15&…'
 * ```
 */
export const listKind: RequestKind = {
  name: 'list',
  family: 'read',
  request: () => ({
    method: 'GET',
    path: `/forest/customers?${queryString({ timezone: 'UTC', ...page, sort: 'id', ...fields })}`,
  }),
  async validate(answer, _request, { db }) {
    const records = jsonApiRecords(this.name, answer).map(pickCustomer);
    expectSame(this.name, 'records', records, await selectCustomers(db, 'ORDER BY id LIMIT 15'));
  },
  raw: () => ({ sql: `SELECT ${columns} FROM customers ORDER BY id LIMIT 15 OFFSET 0` }),
};

/**
 * `list + filter + search`: customers of Paris matching a search on a name, page of 15.
 *
 * @example
 * ```ts
 * listFilterSearchKind.request(0, context).path; // '…&filters=%7B%22field%22%3A%22city%22…'
 * ```
 */
export const listFilterSearchKind: RequestKind = {
  name: 'list + filter + search',
  family: 'read',
  request: () => ({
    method: 'GET',
    path: `/forest/customers?${queryString({
      timezone: 'UTC',
      ...page,
      sort: 'id',
      ...fields,
      filters: parisFilter,
      search: searchTerm,
    })}`,
  }),
  async validate(answer, _request, { db, dialect }) {
    const records = jsonApiRecords(this.name, answer).map(pickCustomer);
    const expected = await selectCustomers(
      db,
      `WHERE city = 'Paris' AND (${searchSql(dialect)}) ORDER BY id LIMIT 15`,
      { pattern: `%${searchTerm}%` },
    );
    expectSame(this.name, 'records', records, expected);
  },
  raw: (_n, { dialect }) => ({
    sql: `SELECT ${columns} FROM customers WHERE city = 'Paris' AND (${searchSql(dialect)}) ORDER BY id LIMIT 15 OFFSET 0`,
    replacements: { pattern: `%${searchTerm}%` },
  }),
};

/**
 * `count`: the number of customers (the list's pagination).
 *
 * @example
 * ```ts
 * countKind.request(0, context).path; // '/forest/customers/count?timezone=UTC'
 * ```
 */
export const countKind: RequestKind = {
  name: 'count',
  family: 'database-bound read',
  request: () => ({ method: 'GET', path: '/forest/customers/count?timezone=UTC' }),
  async validate(answer, _request, { db }) {
    const [row] = await db.query<{ count: number }>('SELECT COUNT(*) AS count FROM customers', {
      type: QueryTypes.SELECT,
    });
    expectSame(
      this.name,
      'count',
      jsonBody<{ count: unknown }>(this.name, answer).count,
      Number(row?.count),
    );
  },
  raw: () => ({ sql: 'SELECT COUNT(*) AS count FROM customers' }),
};

function idOfPath(path: string): number {
  return Number(/\/customers\/(\d+)/.exec(path)?.[1]);
}

/**
 * `get one`: one customer, every field; ids rotate through the table.
 *
 * @example
 * ```ts
 * getOneKind.request(1, context).path; // '/forest/customers/7920?timezone=UTC'
 * ```
 */
export const getOneKind: RequestKind = {
  name: 'get one',
  family: 'read',
  request: (n, { size }) => ({
    method: 'GET',
    path: `/forest/customers/${rotateId(n, size.customers)}?timezone=UTC`,
  }),
  async validate(answer, request, { db }) {
    const records = jsonApiRecords(this.name, answer).map(pickCustomer);
    const expected = await selectCustomers(db, 'WHERE id = :id', { id: idOfPath(request.path) });
    expectSame(this.name, 'record', records, expected);
  },
  raw: (n, { size }) => ({
    sql: `SELECT ${columns} FROM customers WHERE id = :id`,
    replacements: { id: rotateId(n, size.customers) },
  }),
};

/**
 * `related list`: a customer's orders, page of 15 sorted by id; customers rotate.
 *
 * @example
 * ```ts
 * relatedListKind.request(0, context).path; // '/forest/customers/1/relationships/orders?…'
 * ```
 */
export const relatedListKind: RequestKind = {
  name: 'related list',
  family: 'read',
  request: (n, { size }) => ({
    method: 'GET',
    path: `/forest/customers/${rotateId(n, size.customers)}/relationships/orders?${queryString({
      timezone: 'UTC',
      ...page,
      sort: 'id',
    })}`,
  }),
  async validate(answer, request, { db }) {
    const records = jsonApiRecords(this.name, answer).map(r => [
      Number(r.id),
      r.customer_id,
      r.status,
      r.amount,
    ]);
    const rows = await db.query<Record<string, unknown>>(
      'SELECT id, customer_id, status, amount FROM orders WHERE customer_id = :id ORDER BY id LIMIT 15',
      { type: QueryTypes.SELECT, replacements: { id: idOfPath(request.path) } },
    );
    const expected = rows.map(r => [
      Number(r.id),
      Number(r.customer_id),
      r.status,
      Number(r.amount),
    ]);
    expectSame(this.name, 'orders', records, expected);
  },
  raw: (n, { size }) => ({
    sql: 'SELECT id, customer_id, status, amount, ordered_at FROM orders WHERE customer_id = :id ORDER BY id LIMIT 15 OFFSET 0',
    replacements: { id: rotateId(n, size.customers) },
  }),
};
