import type { Collection } from '../../interfaces/collection';
import type { ConditionTree } from '../../query/condition-tree/nodes/condition-tree';
import { getEquivalentTree } from '../../query/condition-tree/equivalence/condition-tree-equivalent';
import type { Operator } from '../../query/condition-tree/operators';
import { PaginatedFilter } from '../../query/paginated-filter';
import { Projection } from '../../query/projection';
import { getColumnSchema } from '../../utils/schema-utils';
import type { ConformanceId } from '../cases/case-types';
import { conformanceNow } from '../fixture/conformance-fixture';
import type { ConformanceFixture } from '../fixture/fixture-types';
import {
  clockOperators,
  conformanceCaller,
  fixturePrimaryKeys,
  recordId,
  sortIds,
} from './suite-context';

/**
 * Rewrites each leaf into operators the collection supports, as Grove's customizer does:
 * supported leaves are kept; others go through `getEquivalentTree`. Clock-dependent operators
 * are always rewritten (with the suite's fixed now), since a data source has no fixed clock.
 *
 * @example
 * ```ts
 * toNativeTree(books, new ConditionTreeLeaf('publishedAt', 'Today'), 'Europe/Paris');
 * ```
 */
export function toNativeTree(
  collection: Collection,
  tree: ConditionTree,
  timezone: string,
): ConditionTree {
  return tree.replaceLeafs(leaf => {
    const column = getColumnSchema(collection, leaf.field);
    const supported: ReadonlySet<Operator> = column.filterOperators ?? new Set();
    const native = clockOperators.has(leaf.operator)
      ? new Set([...supported].filter(operator => !clockOperators.has(operator)))
      : supported;
    if (native.has(leaf.operator)) return leaf;

    const equivalent = getEquivalentTree(leaf, native, column.columnType, timezone, conformanceNow);
    if (!equivalent) {
      throw new Error(
        `'${leaf.operator}' on '${collection.name}.${leaf.field}' is neither supported nor ` +
          `expressible with [${[...native].join(', ')}]: support it, or list it in skipOperators`,
      );
    }

    return equivalent;
  });
}

/**
 * Lists the ids (sorted) of the records matching a tree, for a caller in `timezone`.
 *
 * @example
 * ```ts
 * await listIds(books, conformanceFixture, tree, 'UTC'); // [1, 3]
 * ```
 */
export async function listIds(
  collection: Collection,
  fixture: ConformanceFixture,
  tree: ConditionTree | null,
  timezone: string,
): Promise<ConformanceId[]> {
  const filter = new PaginatedFilter({
    conditionTree: tree ? toNativeTree(collection, tree, timezone) : null,
  });
  const projection = new Projection(...fixturePrimaryKeys(fixture, collection.name));
  const records = await collection.list(conformanceCaller(timezone), filter, projection);

  return sortIds(records.map(record => recordId(fixture, collection.name, record)));
}
