import { QueryTypes } from 'sequelize';
import { BenchValidationError, expectSame } from './bench-validation-error';
import { customerFields, selectCustomers } from './customer-rows';
import type { CustomerRow } from './customer-rows';
import { queryString } from './query-string';
import type { KindContext, RequestKind } from './request-kind';

/** The export covers the first 10,000 customers (all of them below scale 0.1). */
const exportedIds = 10_000;
const columns = customerFields.join(', ');

function csvLine(row: CustomerRow): string {
  return customerFields.map(field => (row[field] === null ? '' : String(row[field]))).join(',');
}

function exportedRows({ size }: KindContext): number {
  return Math.min(exportedIds, size.customers);
}

/**
 * `CSV export`: customers with id ≤ 10,000 (10k rows at scale 1), every field, streamed.
 *
 * @example
 * ```ts
 * csvExportKind.request(0, context).path; // '/forest/customers.csv?timezone=UTC&fields…'
 * csvExportKind.rowsPerRequest?.(context); // 10000
 * ```
 */
export const csvExportKind: RequestKind = {
  name: 'CSV export',
  family: 'export',
  request: () => ({
    method: 'GET',
    path: `/forest/customers.csv?${queryString({
      timezone: 'UTC',
      'fields[customers]': customerFields.join(','),
      header: customerFields.join(','),
      filename: 'customers.csv',
      sort: 'id',
      filters: JSON.stringify({ field: 'id', operator: 'less_than_or_equal', value: exportedIds }),
    })}`,
  }),
  async validate(answer, _request, context) {
    if (answer.status !== 200 || !answer.contentType.startsWith('text/csv')) {
      throw new BenchValidationError(
        this.name,
        `HTTP ${answer.status} ${answer.contentType}: ${answer.text.slice(0, 300)}`,
      );
    }
    const lines = answer.text.split(/\r?\n/).filter(line => line !== '');
    expectSame(this.name, 'header', lines[0], customerFields.join(','));
    const [row] = await context.db.query<{ count: number }>(
      `SELECT COUNT(*) AS count FROM customers WHERE id <= ${exportedIds}`,
      { type: QueryTypes.SELECT },
    );
    expectSame(this.name, 'rows', lines.length - 1, Number(row?.count));
    const first = await selectCustomers(context.db, 'ORDER BY id LIMIT 3');
    expectSame(this.name, 'first rows', lines.slice(1, 4), first.map(csvLine));
  },
  raw: () => ({ sql: `SELECT ${columns} FROM customers WHERE id <= ${exportedIds} ORDER BY id` }),
  rowsPerRequest: exportedRows,
};

/**
 * `single CSV export`: the same export on one connection, for the memory of a single
 * streamed export (at 10 connections the peak is ten exports' worth of garbage between
 * collections).
 *
 * @example
 * ```ts
 * csvExportOneAtATimeKind.connections; // 1
 * ```
 */
export const csvExportOneAtATimeKind: RequestKind = {
  ...csvExportKind,
  name: 'single CSV export',
  connections: 1,
};
