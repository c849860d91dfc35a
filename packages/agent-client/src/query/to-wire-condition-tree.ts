import { ValidationError, parseOperator, toSnakeCaseOperator } from '@grove/datasource-toolkit';
import type { ConditionTree, PlainConditionTree } from '@grove/datasource-toolkit';

/** A filter as the client accepts it: a plain condition tree (any operator casing) or an instance. */
export type FilterInput = PlainConditionTree | ConditionTree;

function convert(tree: PlainConditionTree): PlainConditionTree {
  if ('aggregator' in tree && Array.isArray(tree.conditions)) {
    const aggregator = String(tree.aggregator).toLowerCase();
    if (aggregator !== 'and' && aggregator !== 'or') {
      throw new ValidationError(`Unknown aggregator "${String(tree.aggregator)}" (use And or Or)`);
    }

    return { aggregator, conditions: tree.conditions.map(convert) };
  }
  if ('field' in tree && 'operator' in tree) {
    const operator = parseOperator(tree.operator);
    if (operator === undefined) throw new ValidationError(`Unknown operator "${tree.operator}"`);
    const leaf = { field: tree.field, operator: toSnakeCaseOperator(operator) };

    return tree.value === undefined ? leaf : { ...leaf, value: tree.value };
  }
  throw new ValidationError(
    'A filter is either { field, operator, value } or { aggregator, conditions }',
  );
}

/**
 * Converts a condition tree to the wire form: operators in snake case (`i_contains`),
 * aggregators in lower case. Operators are read in any casing.
 *
 * @example
 * ```ts
 * toWireConditionTree({ field: 'title', operator: 'IContains', value: 'dune' });
 * // { field: 'title', operator: 'i_contains', value: 'dune' }
 * ```
 */
export function toWireConditionTree(tree: FilterInput): PlainConditionTree {
  const plain = 'toJSON' in tree && typeof tree.toJSON === 'function' ? tree.toJSON() : tree;

  return convert(plain as PlainConditionTree);
}
