import { UnprocessableError } from '@grove/datasource-toolkit';
import { toChartNumber } from './chart-aggregation';
import type { StatsChartType } from './chart-definition';

type Row = Readonly<Record<string, unknown>>;

/** Reads the rows of a native query as the value of one chart type. */
type ResultReader = (rows: readonly Row[]) => unknown;

const keyValue = ['key', 'value'];

const readers: Record<StatsChartType, ResultReader> = {
  Value: rows => {
    const row = rows[0];
    if (!row) return { countCurrent: 0 };
    assertColumns(row, ['value']);
    const countCurrent = toChartNumber(row.value);

    return 'previous' in row
      ? { countCurrent, countPrevious: toChartNumber(row.previous) }
      : { countCurrent };
  },
  Objective: rows => {
    const row = rows[0];
    if (!row) return { objective: 0, value: 0 };
    assertColumns(row, ['value', 'objective']);

    return { objective: toChartNumber(row.objective), value: toChartNumber(row.value) };
  },
  Pie: rows => readKeyValues(rows),
  Leaderboard: rows => readKeyValues(rows),
  Line: rows => readKeyValues(rows).map(({ key, value }) => ({ label: key, values: { value } })),
};

/**
 * Reads the rows of a native-query chart (docs/agent-protocol.md#native-query-charts) under the
 * column contract of its type: Value → `value` (+ optional `previous`) of the first row as
 * `{countCurrent, countPrevious?}`; Objective → `value` and `objective` of the first row; Pie and
 * Leaderboard → `key` and `value` of every row; Line → `key`, `value` as `[{label, values:
 * {value}}]`, in the query's order (no gap filling: the SQL decides the periods). Values are read
 * as numbers (PostgreSQL sends counts and decimals as text); an empty result gives 0 values or an
 * empty list.
 *
 * @param type - The chart type.
 * @param rows - The rows of the query.
 * @throws UnprocessableError `The result columns must be named 'key', 'value' instead of
 *   '<actual columns>'.`
 *
 * @example
 * ```ts
 * readNativeQueryResult('Pie', [{ key: 'paid', value: '12' }]); // [{ key: 'paid', value: 12 }]
 * readNativeQueryResult('Value', [{ total: 3 }]);
 * // throws: The result columns must be named 'value' instead of 'total'.
 * ```
 */
export function readNativeQueryResult(type: StatsChartType, rows: readonly Row[]): unknown {
  return readers[type](rows);
}

function readKeyValues(rows: readonly Row[]): Array<{ key: unknown; value: number }> {
  const [first] = rows;
  if (first) assertColumns(first, keyValue);

  return rows.map(row => ({ key: row.key, value: toChartNumber(row.value) }));
}

function assertColumns(row: Row, names: readonly string[]): void {
  if (names.every(name => name in row)) return;

  throw new UnprocessableError(
    `The result columns must be named '${names.join("', '")}' instead of '${Object.keys(row).join("', '")}'.`,
  );
}
