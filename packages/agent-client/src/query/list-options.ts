import { ValidationError } from '@grove/datasource-toolkit';
import type { QueryParams } from '../http/agent-http';
import { toWireConditionTree } from './to-wire-condition-tree';
import type { FilterInput } from './to-wire-condition-tree';

/** A sort clause: `'title'`, `'-title'` (descending) or `{ field, ascending }`. */
export type SortOption = string | { readonly field: string; readonly ascending?: boolean };

/** Which records a count, an export or a bulk operation targets. */
export interface SelectionOptions {
  /** A condition tree (`{ field, operator, value }` / `{ aggregator, conditions }`). */
  readonly filters?: FilterInput;
  /** Free-text search. */
  readonly search?: string;
  /** Extends the search to the columns of to-one relations. */
  readonly searchExtended?: boolean;
  /** The vendor's name of `searchExtended` (sent as `searchExtended`). */
  readonly shouldSearchInRelation?: boolean;
  /** Name of a segment declared in code. */
  readonly segment?: string;
  /** A SQL ("live query") segment. */
  readonly liveQuerySegment?: { readonly query: string; readonly connectionName: string };
  /** The SQL of a live-query segment, as the vendor's client spells it (with `connectionName`). */
  readonly segmentQuery?: string;
  /** The connection of `segmentQuery`. */
  readonly connectionName?: string;
}

/** Options of `list` (and of CSV exports). */
export interface ListOptions extends SelectionOptions {
  /** One clause or several; relation paths as `author:lastName`. */
  readonly sort?: SortOption | readonly SortOption[];
  /** 1-based page number and page size (agent defaults: 1 and 15). */
  readonly pagination?: { readonly size?: number; readonly number?: number };
  /** Projection: columns and one-level relation fields `author:lastName` (or `author@@@lastName`). */
  readonly fields?: readonly string[];
}

/**
 * Query parameters of the record selection (filters, search, segments).
 *
 * @example
 * ```ts
 * selectionQuery({ search: 'dune', segment: 'Published' }); // { search: 'dune', segment: 'Published' }
 * ```
 */
export function selectionQuery(options: SelectionOptions = {}): Record<string, string | undefined> {
  const { filters, search, segment, liveQuerySegment } = options;
  const searchExtended = options.searchExtended ?? options.shouldSearchInRelation;

  return {
    filters: filters === undefined ? undefined : JSON.stringify(toWireConditionTree(filters)),
    search,
    searchExtended: searchExtended === undefined ? undefined : String(searchExtended),
    segment,
    segmentQuery: liveQuerySegment?.query ?? options.segmentQuery,
    connectionName: liveQuerySegment?.connectionName ?? options.connectionName,
  };
}

function sortParameter(sort: ListOptions['sort']): string | undefined {
  if (sort === undefined) return undefined;
  const clauses: readonly SortOption[] =
    typeof sort === 'string' || !Array.isArray(sort) ? [sort as SortOption] : sort;

  return clauses
    .map(clause => {
      const text =
        typeof clause === 'string'
          ? clause
          : `${clause.ascending === false ? '-' : ''}${clause.field}`;

      // The wire writes relation paths with a dot (`author.lastName`).
      return text.replace(':', '.');
    })
    .join(',');
}

/**
 * The `fields[...]` parameters of a projection: `['id', 'author:lastName']` on `books` gives
 * `fields[books]=id,author` and `fields[author]=lastName`. `collection` is the name the agent keys
 * the root fields with (the foreign collection for related lists).
 *
 * @example
 * ```ts
 * projectionQuery('books', ['title', 'author:lastName']);
 * // { 'fields[books]': 'title,author', 'fields[author]': 'lastName' }
 * ```
 */
export function projectionQuery(
  collection: string,
  fields: readonly string[],
): Record<string, string> {
  const roots: string[] = [];
  const subFields = new Map<string, string[]>();
  for (const entry of fields) {
    const path = entry
      .replace('@@@', ':')
      .split(':')
      .filter(part => part !== '');
    const [root, sub, ...deeper] = path;
    if (root === undefined) continue;
    if (deeper.length > 0) {
      throw new ValidationError(
        `Cannot project "${entry}": the protocol projects one relation level`,
      );
    }
    if (!roots.includes(root)) roots.push(root);
    if (sub !== undefined) subFields.set(root, [...(subFields.get(root) ?? []), sub]);
  }
  const query: Record<string, string> = {};
  if (roots.length > 0) query[`fields[${collection}]`] = roots.join(',');
  for (const [relation, subs] of subFields) query[`fields[${relation}]`] = subs.join(',');

  return query;
}

/**
 * Query parameters of a list: selection, sort, pagination and projection.
 *
 * @example
 * ```ts
 * listQuery('books', { sort: '-id', pagination: { size: 10, number: 2 } });
 * // { sort: '-id', 'page[size]': '10', 'page[number]': '2', … }
 * ```
 */
export function listQuery(collection: string, options: ListOptions = {}): QueryParams {
  const { pagination, fields } = options;

  return {
    ...selectionQuery(options),
    sort: sortParameter(options.sort),
    'page[size]': pagination?.size === undefined ? undefined : String(pagination.size),
    'page[number]': pagination?.number === undefined ? undefined : String(pagination.number),
    ...(fields === undefined ? {} : projectionQuery(collection, fields)),
  };
}
