import {
  ConditionTreeFactory,
  type ConditionTree,
  type PlainConditionTree,
} from '@grove/datasource-toolkit';
import type { TConditionTree } from './condition-tree-typing';

/**
 * Builds a toolkit condition tree from what a customization handler returned (plain JSON, an
 * instance, or nothing for "match all").
 *
 * @example
 * ```ts
 * toConditionTree({ field: 'status', operator: 'Equal', value: 'paid' }); // a ConditionTreeLeaf
 * ```
 */
export function toConditionTree(
  tree: TConditionTree | PlainConditionTree | null | undefined,
): ConditionTree | null {
  // Typed JSON is a subtype of the plain form; nested instances are accepted by the factory.
  return ConditionTreeFactory.fromPlainObject(tree as PlainConditionTree | ConditionTree | null);
}
