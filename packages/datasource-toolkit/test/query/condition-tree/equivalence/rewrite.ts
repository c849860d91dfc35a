import type { ColumnType } from '../../../../src/interfaces/schema';
import { getEquivalentTree } from '../../../../src/query/condition-tree/equivalence/condition-tree-equivalent';
import type { PlainConditionTree } from '../../../../src/query/condition-tree/nodes/condition-tree';
import { ConditionTreeLeaf } from '../../../../src/query/condition-tree/nodes/condition-tree-leaf';
import type { Operator } from '../../../../src/query/condition-tree/operators';

/** Options of {@link rewrite}. */
export interface RewriteOptions {
  readonly supported: readonly Operator[];
  readonly type: ColumnType;
  readonly timezone?: string;
  readonly now?: string;
}

/** Rewrites `field operator value` and returns the plain form (or null when not expressible). */
export function rewrite(
  operator: Operator,
  value: unknown,
  { supported, type, timezone = 'UTC', now = '2024-01-01T00:00:00Z' }: RewriteOptions,
): PlainConditionTree | null {
  const leaf = new ConditionTreeLeaf('field', operator, value);

  return (
    getEquivalentTree(leaf, new Set(supported), type, timezone, new Date(now))?.toJSON() ?? null
  );
}

/** The plain form of `And(field >= start, field < end)`. */
export function interval(start: string, end: string): PlainConditionTree {
  return {
    aggregator: 'And',
    conditions: [
      { field: 'field', operator: 'GreaterThanOrEqual', value: start },
      { field: 'field', operator: 'LessThan', value: end },
    ],
  };
}
