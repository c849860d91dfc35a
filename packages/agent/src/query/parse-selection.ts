import {
  ConditionTreeBranch,
  ConditionTreeFactory,
  ValidationError,
} from '@grove/datasource-toolkit';
import type { Collection, CompositeId, ConditionTree } from '@grove/datasource-toolkit';
import { parseId } from './parse-id';
import { queryLimits } from './query-limits';
import type { QueryParams } from './query-params';
import { isJsonObject, type JsonObject } from './is-json-object';

/**
 * The records a bulk body selects (docs/agent-protocol.md#bulk-selection); see {@link
 * parseSelection} and {@link selectionTree}.
 *
 * @example
 * ```ts
 * const selection: Selection = { ids: [[3], [7]], allRecords: false, excludedIds: [], query: {} };
 * ```
 */
export interface Selection {
  /** The selected ids (empty when `allRecords`). */
  readonly ids: CompositeId[];
  /** "Select all matching": the records of `query`, minus `excludedIds`. */
  readonly allRecords: boolean;
  /** The ids excluded from "all" (empty unless `allRecords`). */
  readonly excludedIds: CompositeId[];
  /** The query string merged with `all_records_subset_query`, which wins key by key. */
  readonly query: QueryParams;
  /** Actions in a related-data view: the parent record the selection is linked to. */
  readonly parent?: { collectionName: string; id: string; association: string };
}

/**
 * Reads the selection of a bulk body (bulk delete, dissociate, actions) from `data.attributes`:
 * `ids`, or `all_records` with `all_records_ids_excluded`; the list view's query from
 * `all_records_subset_query` (it overrides the query string even when `all_records` is false;
 * filters come from it, else the body's `filters`, else its `filter`, else the query string); and
 * the parent of a related-data view. Without `attributes.ids`, a `data` array of resource
 * identifiers gives the ids.
 *
 * @param body - The parsed JSON body.
 * @param query - The query string (`request.query`).
 * @param collection - The collection of the ids.
 * @throws ValidationError `Expected array, received: undefined` without ids; the error of an
 *   invalid id (see `parseId`); `Too many ids: <n> (at most 10000 in one selection)` beyond
 *   `queryLimits.selectionIds` ids or excluded ids.
 *
 * @example
 * ```ts
 * parseSelection({ data: { attributes: { ids: ['3', '7'] } } }, { timezone: 'UTC' }, books);
 * // { ids: [[3], [7]], allRecords: false, excludedIds: [], query: { timezone: 'UTC' } }
 * ```
 */
export function parseSelection(
  body: unknown,
  query: QueryParams,
  collection: Collection,
): Selection {
  const root: JsonObject = isJsonObject(body) ? body : {};
  const attributes: JsonObject =
    isJsonObject(root.data) && isJsonObject(root.data.attributes) ? root.data.attributes : {};
  const allRecords = attributes.all_records === true || attributes.all_records === 'true';
  const fallbackIds = Array.isArray(root.data)
    ? root.data.map((item: unknown) => (isJsonObject(item) ? item.id : item))
    : undefined;
  const parent = readParent(attributes);

  return {
    ids: allRecords ? [] : readIds(collection, attributes.ids ?? fallbackIds),
    allRecords,
    excludedIds: allRecords ? readIds(collection, attributes.all_records_ids_excluded ?? []) : [],
    query: mergeQuery(query, root, attributes.all_records_subset_query),
    ...(parent ? { parent } : {}),
  };
}

/**
 * The condition tree of a selection: the ids (`Equal`/`In`, or an `Or` of `And`s for composite
 * keys; no id matches nothing), or with `allRecords` every record but the excluded ids (an empty
 * `And` when none is excluded). Combine it with the filter of `selection.query`.
 *
 * @example
 * ```ts
 * selectionTree(books, { ids: [[3], [7]], allRecords: false, excludedIds: [], query: {} });
 * // id In [3, 7]
 * ```
 */
export function selectionTree(collection: Collection, selection: Selection): ConditionTree {
  if (!selection.allRecords) return ConditionTreeFactory.matchIds(collection.schema, selection.ids);
  if (selection.excludedIds.length === 0) return new ConditionTreeBranch('And', []);

  return ConditionTreeFactory.matchIds(collection.schema, selection.excludedIds).inverse();
}

function readIds(collection: Collection, raw: unknown): CompositeId[] {
  if (!Array.isArray(raw)) {
    throw new ValidationError(`Expected array, received: ${raw === null ? 'null' : typeof raw}`);
  }

  if (raw.length > queryLimits.selectionIds) {
    throw new ValidationError(
      `Too many ids: ${raw.length} (at most ${queryLimits.selectionIds} in one selection)`,
    );
  }

  return raw.map((id: unknown) => {
    if (typeof id !== 'string' && typeof id !== 'number') {
      throw new ValidationError(`Expected string, received: ${id === null ? 'null' : typeof id}`);
    }

    return parseId(collection, String(id));
  });
}

function mergeQuery(query: QueryParams, body: JsonObject, subsetQuery: unknown): QueryParams {
  const subset: JsonObject = isJsonObject(subsetQuery) ? subsetQuery : {};
  const overrides = Object.entries(subset).filter(([, value]) => value !== undefined);
  const filters = [subset.filters, body.filters, body.filter, query.filters].find(
    value => value !== undefined && value !== null,
  );
  const merged: Record<string, unknown> = { ...query, ...Object.fromEntries(overrides) };
  if (filters === undefined) delete merged.filters;
  else merged.filters = filters;

  return merged;
}

function readParent(attributes: JsonObject): Selection['parent'] {
  const collectionName = attributes.parent_collection_name;
  const id = attributes.parent_collection_id;
  const association = attributes.parent_association_name;
  const named = (value: unknown): value is string => typeof value === 'string' && value !== '';
  if (!named(collectionName) || !named(association)) return undefined;
  if (!named(id) && typeof id !== 'number') return undefined;

  return { collectionName, id: String(id), association };
}
