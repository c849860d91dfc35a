import type { ColumnType, PrimitiveType } from '../../../interfaces/schema';
import type { ConditionTree } from '../nodes/condition-tree';
// Cycle (leaf → equivalence → here): the branch class is only used inside functions.
import { ConditionTreeBranch } from '../nodes/condition-tree-branch';
import type { ConditionTreeLeaf } from '../nodes/condition-tree-leaf';
import type { Operator } from '../operators';

/** What a rewrite may need besides the leaf: the caller's timezone, the clock, the column type. */
export interface RewriteContext {
  readonly timezone: string;
  readonly now: Date;
  readonly columnType: ColumnType;
}

/**
 * One way of expressing an operator with others. It applies when the column type is in
 * `forTypes` (any type when absent) and every operator of `dependsOn` is itself expressible;
 * `replacer` must only produce leaves whose operators are listed in `dependsOn`.
 */
export interface Alternative {
  readonly dependsOn: readonly Operator[];
  readonly forTypes?: readonly PrimitiveType[];
  readonly replacer: (leaf: ConditionTreeLeaf, context: RewriteContext) => ConditionTree;
}

/** Alternatives of some operators, first applicable first. */
export type AlternativeTable = Partial<Record<Operator, readonly Alternative[]>>;

/** Reads a leaf value as a list (a scalar is a list of one). */
export function valueList(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [value];
}

/**
 * Combines conditions, collapsing a single one. An empty `Or` matches nothing, an empty `And`
 * everything, which is what `In []` and `NotIn []` mean.
 */
export function combine(aggregator: 'And' | 'Or', conditions: ConditionTree[]): ConditionTree {
  return conditions.length === 1
    ? (conditions[0] as ConditionTree)
    : new ConditionTreeBranch(aggregator, conditions);
}
