import {
  ConditionTreeBranch,
  ConditionTreeLeaf,
  type AggregateResult,
  type Aggregation,
  type Caller,
  type ConditionTree,
  type Filter,
  type PaginatedFilter,
  type Projection,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';

/**
 * Short-circuits provably empty filters (`In []`, `Or []`, `id = 4 AND id IN [5, 6]`…) that the
 * layers above produce, so that they never reach the data source or an override handler:
 * list returns `[]`, update and delete do nothing, and an aggregate returns what the data source
 * would return for no record (a Count is 0, one row when there are no groups).
 *
 * The check is deliberately naive: no other operator, no reasoning across nesting levels.
 */
export class EmptyCollectionDecorator extends CollectionDecorator {
  override async list(
    caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
  ): Promise<RecordData[]> {
    return isEmpty(filter.conditionTree) ? [] : super.list(caller, filter, projection);
  }

  override async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    if (!isEmpty(filter.conditionTree)) await super.update(caller, filter, patch);
  }

  override async delete(caller: Caller, filter: Filter): Promise<void> {
    if (!isEmpty(filter.conditionTree)) await super.delete(caller, filter);
  }

  override async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    // docs/decisions.md#d3-unknown-segments-and-empty-counts: a count over an empty filter is 0
    // (the vendor returns no row).
    if (isEmpty(filter.conditionTree)) return aggregation.apply([], caller.timezone, limit);

    return super.aggregate(caller, filter, aggregation, limit);
  }
}

/** Tells whether a tree provably matches no record. */
export function isEmpty(tree: ConditionTree | null): boolean {
  if (tree instanceof ConditionTreeLeaf) {
    return tree.operator === 'In' && Array.isArray(tree.value) && tree.value.length === 0;
  }
  if (tree instanceof ConditionTreeBranch) {
    if (tree.aggregator === 'Or') return tree.conditions.every(child => isEmpty(child));

    return tree.conditions.some(child => isEmpty(child)) || hasDisjointEqualities(tree);
  }

  return false;
}

/** `And` whose direct Equal/In leaves on one field have no value in common. */
function hasDisjointEqualities(branch: ConditionTreeBranch): boolean {
  const allowed = new Map<string, unknown[]>();
  for (const child of branch.conditions) {
    if (!(child instanceof ConditionTreeLeaf)) continue;
    if (child.operator !== 'Equal' && child.operator !== 'In') continue;
    const values = child.operator === 'Equal' ? [child.value] : toArray(child.value);
    const previous = allowed.get(child.field);
    const next = previous ? previous.filter(value => values.includes(value)) : values;
    if (next.length === 0) return true;
    allowed.set(child.field, next);
  }

  return false;
}

function toArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}
