import { ConditionTreeFactory } from '@grove/datasource-toolkit';
import type { Caller, Collection, Filter, PlainConditionTree } from '@grove/datasource-toolkit';
import type { SelectionCounter } from '@grove/platform-client';
import { parseConditionTree } from '../../query/parse-condition-tree';
import { countRecords } from '../collection/count';

/**
 * The `count(condition?)` the action permissions need
 * (docs/agent-protocol.md#action-authorization): the records of the action's selection, optionally
 * intersected with a role's condition. A condition is read like a client filter (any operator
 * casing, values cast to the column type, fields validated), so a condition naming a missing field
 * fails here — and `assertCanTriggerAction` turns that into the 422 `InvalidActionConditionError`.
 * Answers are memoized per condition: deciding who may approve asks for the same totals once per
 * role.
 *
 * @param caller - The caller (its timezone applies to date conditions).
 * @param collection - The action's collection.
 * @param filter - The selection (ids, subset query, scope, parent restriction).
 *
 * @example
 * ```ts
 * const counter = createSelectionCounter(caller, books, filter);
 * await authorization.assertCanTriggerAction(caller, 'books', 'Mark as live', counter);
 * ```
 */
export function createSelectionCounter(
  caller: Caller,
  collection: Collection,
  filter: Filter,
): SelectionCounter {
  const answers = new Map<string, Promise<number>>();

  return condition => {
    const key = condition === undefined ? '' : JSON.stringify(condition);
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = countMatching(caller, collection, filter, condition);
      answers.set(key, answer);
    }

    return answer;
  };
}

async function countMatching(
  caller: Caller,
  collection: Collection,
  filter: Filter,
  condition: PlainConditionTree | undefined,
): Promise<number> {
  const tree = condition === undefined ? undefined : parseConditionTree(condition, collection);
  const restricted = filter.override({
    conditionTree: ConditionTreeFactory.intersect(filter.conditionTree, tree),
  });
  return countRecords(caller, collection, restricted);
}
