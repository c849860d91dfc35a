import { QueryTypes } from 'sequelize';
import { BenchValidationError, expectSame } from './bench-validation-error';
import { customerFields, selectCustomers } from './customer-rows';
import type { CustomerRow } from './customer-rows';
import { queryString } from './query-string';
import type {
  BenchAnswer,
  BenchHttpRequest,
  KindContext,
  OneRequestProbe,
  RequestKind,
  ValidationContext,
} from './request-kind';

/** The export covers the first 10,000 customers (all of them below scale 0.1). */
const exportedIds = 10_000;
const columns = customerFields.join(', ');

function csvLine(row: CustomerRow): string {
  return customerFields.map(field => (row[field] === null ? '' : String(row[field]))).join(',');
}

function exportedRows({ size }: KindContext): number {
  return Math.min(exportedIds, size.customers);
}

/** The export of the customers whose id is at most `maxId`, every field, sorted by id. */
function exportRequest(maxId: number): BenchHttpRequest {
  return {
    method: 'GET',
    path: `/forest/customers.csv?${queryString({
      timezone: 'UTC',
      'fields[customers]': customerFields.join(','),
      header: customerFields.join(','),
      filename: 'customers.csv',
      sort: 'id',
      filters: JSON.stringify({ field: 'id', operator: 'less_than_or_equal', value: maxId }),
    })}`,
  };
}

/** Checks an export of the customers up to `maxId`: header, row count and first rows. */
async function validateExport(
  kind: string,
  answer: BenchAnswer,
  maxId: number,
  context: ValidationContext,
): Promise<void> {
  if (answer.status !== 200 || !answer.contentType.startsWith('text/csv')) {
    throw new BenchValidationError(
      kind,
      `HTTP ${answer.status} ${answer.contentType}: ${answer.text.slice(0, 300)}`,
    );
  }
  const lines = answer.text.split(/\r?\n/).filter(line => line !== '');
  expectSame(kind, 'header', lines[0], customerFields.join(','));
  const [row] = await context.db.query<{ count: number }>(
    `SELECT COUNT(*) AS count FROM customers WHERE id <= ${maxId}`,
    { type: QueryTypes.SELECT },
  );
  expectSame(kind, 'rows', lines.length - 1, Number(row?.count));
  const first = await selectCustomers(context.db, 'ORDER BY id LIMIT 3');
  expectSame(kind, 'first rows', lines.slice(1, 4), first.map(csvLine));
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
  request: () => exportRequest(exportedIds),
  validate(answer, _request, context) {
    return validateExport(this.name, answer, exportedIds, context);
  },
  raw: () => ({ sql: `SELECT ${columns} FROM customers WHERE id <= ${exportedIds} ORDER BY id` }),
  rowsPerRequest: exportedRows,
};

/** One export of the first `rows` customers, measured alone (see `OneRequestProbe`). */
function exportProbe(kind: string, rows: number): OneRequestProbe {
  return {
    label: `${rows.toLocaleString('en-US')} rows`,
    request: exportRequest(rows),
    validate: (answer, context) => validateExport(kind, answer, rows, context),
  };
}

/**
 * `single CSV export`: the same export on one connection, back to back (at 10 connections the
 * peak is ten exports' worth of garbage between collections). Its probes measure the memory of
 * one streamed export, each in a freshly started agent: the 10,000 rows of the kind, and the
 * whole table (100,000 rows at scale 1: streamed end to end, ten times the rows take about the
 * same memory).
 *
 * @example
 * ```ts
 * csvExportOneAtATimeKind.connections; // 1
 * csvExportOneAtATimeKind.oneRequestProbes?.(context).map(p => p.label); // ['10,000 rows', '100,000 rows']
 * ```
 */
export const csvExportOneAtATimeKind: RequestKind = {
  ...csvExportKind,
  name: 'single CSV export',
  connections: 1,
  oneRequestProbes(context) {
    const rows = exportedRows(context);
    const sizes = context.size.customers > rows ? [rows, context.size.customers] : [rows];

    return sizes.map(size => exportProbe('single CSV export', size));
  },
};
