import { ConditionTreeLeaf } from '../nodes/condition-tree-leaf';
import type { Operator } from '../operators';
import { combine, type Alternative, type AlternativeTable } from './alternative';

function orEqual(strict: Operator): Alternative {
  return {
    dependsOn: [strict, 'Equal'],
    replacer: leaf =>
      combine('Or', [
        leaf.override({ operator: strict }),
        new ConditionTreeLeaf(leaf.field, 'Equal', leaf.value),
      ]),
  };
}

/**
 * Non-strict comparisons as a strict comparison or an equality.
 *
 * @example
 * ```ts
 * // price LessThanOrEqual 10 → Or(price LessThan 10, price Equal 10)
 * ```
 */
export const comparisonAlternatives: AlternativeTable = {
  LessThanOrEqual: [orEqual('LessThan')],
  GreaterThanOrEqual: [orEqual('GreaterThan')],
};
