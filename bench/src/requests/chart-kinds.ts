import { QueryTypes } from 'sequelize';
import { expectSame } from './bench-validation-error';
import { jsonBody } from './customer-rows';
import type { BenchDialect, RequestKind } from './request-kind';

interface StatsDocument {
  data: { attributes: { value: unknown } };
}
/** Charts are drawn in the caller's zone: Paris has a DST change in the range. */
const chartPath = '/forest/stats/orders?timezone=Europe%2FParis';
const paidFilter = { field: 'status', operator: 'equal', value: 'paid' };
/** The year 2024 in Paris, as UTC instants (both bounds exclusive, as `after`/`before` are). */
const year2024 = { from: '2023-12-31T23:00:00.000Z', to: '2024-12-31T23:00:00.000Z' };
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function chartValue(kind: string, answer: Parameters<RequestKind['validate']>[0]): unknown {
  return jsonBody<StatsDocument>(kind, answer).data.attributes.value;
}

/**
 * `value chart`: the count of paid orders.
 *
 * @example
 * ```ts
 * valueChartKind.request(0, context).body; // { type: 'Value', aggregator: 'Count', filter: … }
 * ```
 */
export const valueChartKind: RequestKind = {
  name: 'value chart',
  family: 'database-bound read',
  request: () => ({
    method: 'POST',
    path: chartPath,
    body: {
      type: 'Value',
      sourceCollectionName: 'orders',
      aggregator: 'Count',
      filter: paidFilter,
    },
  }),
  async validate(answer, _request, { db }) {
    const [row] = await db.query<{ count: number }>(
      "SELECT COUNT(*) AS count FROM orders WHERE status = 'paid'",
      { type: QueryTypes.SELECT },
    );
    expectSame(this.name, 'value', chartValue(this.name, answer), {
      countCurrent: Number(row?.count),
    });
  },
  raw: () => ({ sql: "SELECT COUNT(*) AS count FROM orders WHERE status = 'paid'" }),
};

const pieSql = 'SELECT status, COUNT(*) AS count FROM orders GROUP BY status';

/**
 * `pie chart`: orders counted by status (every order: 500k rows at scale 1).
 *
 * @example
 * ```ts
 * pieChartKind.request(0, context).body; // { type: 'Pie', groupByFieldName: 'status', … }
 * ```
 */
export const pieChartKind: RequestKind = {
  name: 'pie chart',
  family: 'database-bound read',
  request: () => ({
    method: 'POST',
    path: chartPath,
    body: {
      type: 'Pie',
      sourceCollectionName: 'orders',
      aggregator: 'Count',
      groupByFieldName: 'status',
    },
  }),
  async validate(answer, _request, { db }) {
    const rows = await db.query<{ status: string; count: number }>(pieSql, {
      type: QueryTypes.SELECT,
    });
    const slices = (chartValue(this.name, answer) as { key: unknown; value: unknown }[])
      .map(slice => [slice.key, slice.value])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const expected = rows
      .map(row => [row.status, Number(row.count)])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expectSame(this.name, 'slices', slices, expected);
  },
  raw: () => ({ sql: pieSql }),
};

/**
 * The orders of 2024 counted by month of their Paris date (`YYYY-MM` → count), in SQL: the
 * benchmark's reference for the line chart and its raw query.
 *
 * @example
 * ```ts
 * lineChartSql('postgres'); // "SELECT TO_CHAR(DATE_TRUNC('month', ordered_at AT TIME ZONE …"
 * ```
 */
export function lineChartSql(dialect: BenchDialect): string {
  if (dialect === 'postgres') {
    return `SELECT TO_CHAR(DATE_TRUNC('month', ordered_at AT TIME ZONE 'Europe/Paris'), 'YYYY-MM') AS month,
      COUNT(*) AS count FROM orders
      WHERE ordered_at > '${year2024.from}' AND ordered_at < '${year2024.to}' GROUP BY 1 ORDER BY 1`;
  }
  // SQLite has no zones: Paris is UTC+2 from 31 March 01:00 UTC to 27 October 01:00 UTC 2024.
  const sqliteInstant = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 23)} +00:00`;

  return `SELECT STRFTIME('%Y-%m', DATETIME(ordered_at, CASE WHEN ordered_at >= '2024-03-31 01:00:00'
      AND ordered_at < '2024-10-27 01:00:00' THEN '+2 hours' ELSE '+1 hours' END)) AS month,
      COUNT(*) AS count FROM orders
      WHERE ordered_at > '${sqliteInstant(year2024.from)}' AND ordered_at < '${sqliteInstant(year2024.to)}'
      GROUP BY 1 ORDER BY 1`;
}

/**
 * `line chart`: orders counted by month over 2024, in Europe/Paris (a date-grouped chart whose
 * zone has a DST change).
 *
 * @example
 * ```ts
 * lineChartKind.request(0, context).body; // { type: 'Line', timeRange: 'Month', … }
 * ```
 */
export const lineChartKind: RequestKind = {
  name: 'line chart',
  family: 'database-bound read',
  request: () => ({
    method: 'POST',
    path: chartPath,
    body: {
      type: 'Line',
      sourceCollectionName: 'orders',
      aggregator: 'Count',
      groupByFieldName: 'ordered_at',
      timeRange: 'Month',
      filter: {
        aggregator: 'and',
        conditions: [
          { field: 'ordered_at', operator: 'after', value: year2024.from },
          { field: 'ordered_at', operator: 'before', value: year2024.to },
        ],
      },
    },
  }),
  async validate(answer, _request, { db, dialect }) {
    const rows = await db.query<{ month: string; count: number }>(lineChartSql(dialect), {
      type: QueryTypes.SELECT,
    });
    const counts = new Map(rows.map(row => [row.month, Number(row.count)]));
    const indexes = rows.map(row => Number(row.month.slice(5, 7)) - 1);
    // The agents fill the gaps between the first and the last period with 0.
    const expected = [];
    for (let m = Math.min(...indexes); m <= Math.max(...indexes); m += 1) {
      const key = `2024-${String(m + 1).padStart(2, '0')}`;
      expected.push({ label: `${months[m]} 24`, values: { value: counts.get(key) ?? 0 } });
    }
    expectSame(this.name, 'points', chartValue(this.name, answer), expected);
  },
  raw: (_n, { dialect }) => ({ sql: lineChartSql(dialect) }),
};
