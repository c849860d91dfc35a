import { QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize';
import { BenchValidationError } from './bench-validation-error';
import type { BenchAnswer } from './request-kind';

/** The customer fields every list, get and CSV request asks for, in the table's order. */
export const customerFields = [
  'id',
  'first_name',
  'last_name',
  'email',
  'city',
  'is_vip',
  'created_at',
] as const;

/** A customer as both agents serialise it. */
export interface CustomerRow {
  readonly id: number;
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly city: string | null;
  readonly is_vip: boolean;
  readonly created_at: string;
}

/**
 * An ISO instant from what a driver returns for a date (SQLite's `YYYY-MM-DD HH:MM:SS.SSS +00:00`
 * text, or a `Date`).
 *
 * @example
 * ```ts
 * toIsoInstant('2023-06-15 00:11:18.000 +00:00'); // '2023-06-15T00:11:18.000Z'
 * ```
 */
export function toIsoInstant(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  const match = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d(?:\.\d+)?) ?(Z|[+-]\d\d:?\d\d)?$/.exec(text);
  if (!match) return new Date(text).toISOString();

  return new Date(`${match[1]}T${match[2]}${match[3] ?? 'Z'}`).toISOString();
}

/**
 * Customers read by the runner's own SQL, normalised as the agents serialise them.
 *
 * @example
 * ```ts
 * await selectCustomers(db, 'WHERE id <= 15 ORDER BY id');
 * ```
 */
export async function selectCustomers(
  db: Sequelize,
  clause: string,
  replacements: Record<string, unknown> = {},
): Promise<CustomerRow[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT ${customerFields.join(', ')} FROM customers ${clause}`,
    { type: QueryTypes.SELECT, replacements },
  );

  return rows.map(row => ({
    id: Number(row.id),
    first_name: String(row.first_name),
    last_name: String(row.last_name),
    email: String(row.email),
    city: row.city === null ? null : String(row.city),
    is_vip: Boolean(Number(row.is_vip === true ? 1 : row.is_vip === false ? 0 : row.is_vip)),
    created_at: toIsoInstant(row.created_at),
  }));
}

/**
 * The `attributes` of a JSON:API answer's records (an array for lists, one for a get).
 *
 * @example
 * ```ts
 * jsonApiRecords('list', answer); // [{ id: 1, first_name: 'Alan', … }]
 * ```
 */
export function jsonApiRecords(kind: string, answer: BenchAnswer): Record<string, unknown>[] {
  if (answer.status < 200 || answer.status > 299) {
    throw new BenchValidationError(kind, `HTTP ${answer.status}: ${answer.text.slice(0, 500)}`);
  }
  const document = JSON.parse(answer.text) as { data?: unknown };
  const data = Array.isArray(document.data) ? document.data : [document.data];

  return data.map(record => {
    const attributes = (record as { attributes?: Record<string, unknown> } | null)?.attributes;
    if (!attributes) throw new BenchValidationError(kind, `a record without attributes`);

    return attributes;
  });
}

/**
 * The customer fields of answer records, in the order of {@link customerFields}.
 *
 * @example
 * ```ts
 * pickCustomer({ id: 1, first_name: 'Alan', extra: 1, … }); // { id: 1, first_name: 'Alan', … }
 * ```
 */
export function pickCustomer(attributes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(customerFields.map(field => [field, attributes[field] ?? null]));
}

/**
 * The JSON body of an answer, after checking its status.
 *
 * @example
 * ```ts
 * jsonBody<{ count: number }>('count', answer).count;
 * ```
 */
export function jsonBody<T>(kind: string, answer: BenchAnswer): T {
  if (answer.status < 200 || answer.status > 299) {
    throw new BenchValidationError(kind, `HTTP ${answer.status}: ${answer.text.slice(0, 500)}`);
  }

  return JSON.parse(answer.text) as T;
}
