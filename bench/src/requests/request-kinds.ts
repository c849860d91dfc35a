import { lineChartKind, pieChartKind, valueChartKind } from './chart-kinds';
import { csvExportKind } from './csv-kind';
import {
  countKind,
  getOneKind,
  listFilterSearchKind,
  listKind,
  relatedListKind,
} from './read-kinds';
import type { RequestKind } from './request-kind';
import { createKind, updateKind } from './write-kinds';

/**
 * Every request kind of the benchmark, in the order of the results table.
 *
 * @example
 * ```ts
 * requestKinds.map(kind => kind.name); // ['list', 'list + filter + search', 'count', …]
 * ```
 */
export const requestKinds: readonly RequestKind[] = [
  listKind,
  listFilterSearchKind,
  countKind,
  getOneKind,
  relatedListKind,
  valueChartKind,
  pieChartKind,
  lineChartKind,
  csvExportKind,
  createKind,
  updateKind,
];

/**
 * The kinds named (comma-separated names, as `--kinds` takes them), or all of them.
 *
 * @example
 * ```ts
 * selectKinds('list,count').map(kind => kind.name); // ['list', 'count']
 * ```
 */
export function selectKinds(names: string | undefined): RequestKind[] {
  if (!names) return [...requestKinds];

  return names.split(',').map(name => {
    const kind = requestKinds.find(k => k.name === name.trim());
    if (!kind) {
      throw new Error(`Unknown kind "${name}": ${requestKinds.map(k => k.name).join(', ')}`);
    }

    return kind;
  });
}
