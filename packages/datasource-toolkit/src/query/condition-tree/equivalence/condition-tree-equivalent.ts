// PLACEHOLDER — replaced by the equivalence engine.
import type { ColumnType } from '../../../interfaces/schema';
import type { ConditionTree } from '../nodes/condition-tree';
import type { ConditionTreeLeaf } from '../nodes/condition-tree-leaf';
import type { Operator } from '../operators';

export function getEquivalentTree(
  _leaf: ConditionTreeLeaf,
  _operators: ReadonlySet<Operator>,
  _columnType: ColumnType,
  _timezone: string,
  _now?: Date,
): ConditionTree | null {
  return null;
}
