import {
  ConditionTreeFactory,
  ValidationError,
  getColumnSchema,
  validateConditionTree,
} from '@grove/datasource-toolkit';
import type {
  Collection,
  ColumnType,
  ConditionTree,
  ConditionTreeLeaf,
  PlainConditionTree,
} from '@grove/datasource-toolkit';
import { coerceFilterValue } from './coerce-filter-value';
import { queryLimits } from './query-limits';
import type { QueryParams } from './query-params';

/**
 * Reads a condition tree sent by a client (docs/agent-protocol.md#condition-trees): a JSON string
 * or an object; operators and aggregators in any casing (`greater_than`, `greaterThan`,
 * `GreaterThan`; `and`, `Or`); a branch of one condition collapses to it; values are cast to their
 * column's type (docs/agent-protocol.md#value-coercion, relation paths included), then the tree is
 * validated against the collection.
 *
 * @param raw - The tree: a JSON string, a plain object, or absent (`undefined`, `null`, blank).
 * @param collection - The collection whose fields the tree names.
 * @param _timezone - Accepted for callers that hold one; parsing needs none: the toolkit rewrites
 *   relative dates in the caller's zone when the query runs.
 * @returns The tree, or `undefined` when there is none (match all).
 * @throws ValidationError `Invalid filters (<reason>)`, the reason being the JSON, structure or
 *   validation error (kept as `cause`), or a limit (`queryLimits`): `longer than 100000
 *   characters` (checked before parsing), `nested deeper than 16 levels`, `more than 1000
 *   conditions` (checked before the tree is built, which recurses).
 *
 * @example
 * ```ts
 * parseConditionTree('{"field":"author:lastName","operator":"i_contains","value":"doe"}', books);
 * // ConditionTreeLeaf { field: 'author:lastName', operator: 'IContains', value: 'doe' }
 * parseConditionTree({ field: 'price', operator: 'in', value: '1,2' }, books); // price In [1, 2]
 * parseConditionTree('{oops', books); // throws: Invalid filters (Unexpected token o in JSON…)
 * ```
 */
export function parseConditionTree(
  raw: unknown,
  collection: Collection,
  _timezone?: string,
): ConditionTree | undefined {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return undefined;
  }

  try {
    if (typeof raw === 'string' && raw.length > queryLimits.filtersLength) {
      throw new ValidationError(`longer than ${queryLimits.filtersLength} characters`);
    }
    const json: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
    checkTreeSize(json);
    const tree = ConditionTreeFactory.fromPlainObject(json as PlainConditionTree | null);
    if (!tree) return undefined;

    const coerced = tree.replaceLeafs(leaf => coerceLeaf(leaf, collection));
    validateConditionTree(coerced, collection);

    return coerced;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ValidationError(`Invalid filters (${reason})`, { cause: error });
  }
}

/**
 * Reads the `filters` query parameter (docs/agent-protocol.md#filters-search-and-segments) with
 * {@link parseConditionTree}.
 *
 * @param query - The query string, possibly merged with a bulk body's subset query.
 * @param collection - The collection the filters apply to.
 * @param timezone - Handed to {@link parseConditionTree}.
 * @returns The tree, or `undefined` when `filters` is absent.
 *
 * @example
 * ```ts
 * parseFilters({ filters: '{"field":"status","operator":"equal","value":"draft"}' }, books);
 * // ConditionTreeLeaf { field: 'status', operator: 'Equal', value: 'draft' }
 * ```
 */
export function parseFilters(
  query: QueryParams,
  collection: Collection,
  timezone?: string,
): ConditionTree | undefined {
  const raw = query.filters;

  return parseConditionTree(Array.isArray(raw) ? raw[0] : raw, collection, timezone);
}

/**
 * Walks a plain tree without recursion (a client may nest it 100 000 levels deep) and stops at
 * the first limit crossed: branches nested deeper than `filtersDepth`, more than
 * `filtersConditions` leaves. Anything that is not a branch counts as a leaf.
 */
function checkTreeSize(json: unknown): void {
  const pending: Array<{ node: unknown; depth: number }> = [{ node: json, depth: 0 }];
  let conditions = 0;
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { node, depth } = item;
    const children = isBranch(node) ? node.conditions : null;
    if (children === null) {
      conditions += 1;
      if (conditions > queryLimits.filtersConditions) {
        throw new ValidationError(`more than ${queryLimits.filtersConditions} conditions`);
      }
    } else if (depth + 1 > queryLimits.filtersDepth) {
      throw new ValidationError(`nested deeper than ${queryLimits.filtersDepth} levels`);
    } else {
      for (const child of children) pending.push({ node: child, depth: depth + 1 });
    }
  }
}

/** A branch as `ConditionTreeFactory.fromPlainObject` reads one: a leaf has field and operator. */
function isBranch(node: unknown): node is { conditions: unknown[] } {
  if (typeof node !== 'object' || node === null || ('field' in node && 'operator' in node)) {
    return false;
  }

  return Array.isArray((node as { conditions?: unknown }).conditions);
}

function coerceLeaf(leaf: ConditionTreeLeaf, collection: Collection): ConditionTree {
  let columnType: ColumnType;
  try {
    columnType = getColumnSchema(collection, leaf.field).columnType;
  } catch {
    // Unknown fields are left to the validator, which names them with the available ones.
    return leaf;
  }

  return leaf.override({ value: coerceFilterValue(leaf.operator, columnType, leaf.value) });
}
