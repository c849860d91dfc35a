import { stackKindNames } from '../stack/stack-kind';
import type { StackKindName } from '../stack/stack-kind';
import { lineChartKind, pieChartKind, valueChartKind } from './chart-kinds';
import { csvExportKind, csvExportOneAtATimeKind } from './csv-kind';
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
  csvExportOneAtATimeKind,
  createKind,
  updateKind,
];

function namesOf(list: string): string[] {
  return list.split(',').map(name => name.trim());
}

/**
 * The agent kinds named (comma-separated names, as `--kinds` takes them; the Grove-only kinds'
 * names are {@link selectStackKinds}'), or all of them. An unknown name is an error.
 *
 * @example
 * ```ts
 * selectKinds('list,count').map(kind => kind.name); // ['list', 'count']
 * selectKinds('list,MCP tool call').map(kind => kind.name); // ['list']
 * ```
 */
export function selectKinds(names: string | undefined): RequestKind[] {
  if (!names) return [...requestKinds];
  const known = [...requestKinds.map(k => k.name), ...stackKindNames];
  const unknown = namesOf(names).find(name => !known.includes(name));
  if (unknown !== undefined) throw new Error(`Unknown kind "${unknown}": ${known.join(', ')}`);

  return requestKinds.filter(kind => namesOf(names).includes(kind.name));
}

/**
 * The Grove-only kinds named in `--kinds` (all of them without `--kinds`), none with
 * `--skip-stack`.
 *
 * @example
 * ```ts
 * selectStackKinds('list,MCP tool call', false); // ['MCP tool call']
 * selectStackKinds(undefined, true); // []
 * ```
 */
export function selectStackKinds(names: string | undefined, skip: boolean): StackKindName[] {
  if (skip) return [];
  if (!names) return [...stackKindNames];

  return stackKindNames.filter(name => namesOf(names).includes(name));
}
