import {
  getEquivalentOperators,
  getEquivalentTree,
  getFieldSchema,
  type Caller,
  type CollectionSchema,
  type Filter,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';

/**
 * Publishes every operator a column can express from the ones it supports (`Blank` from `In`,
 * `Contains` from `Like`, `Today` from `GreaterThan`/`LessThan`…) and rewrites incoming leaves
 * into supported ones, with relative dates computed in the caller's timezone. It sits right above
 * the data and above each emulation layer, so that emulating one operator yields its derivatives.
 */
export class OperatorsEquivalenceCollectionDecorator extends CollectionDecorator {
  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    for (const field of Object.values(schema.fields)) {
      if (field.type !== 'Column') continue;
      field.filterOperators = getEquivalentOperators(
        field.filterOperators ?? new Set(),
        field.columnType,
      );
    }

    return schema;
  }

  protected override async refineFilter<F extends Filter>(caller: Caller, filter: F): Promise<F> {
    if (!filter.conditionTree) return filter;
    const conditionTree = filter.conditionTree.replaceLeafs(leaf => {
      // Relation paths are resolved on the child: its schema says what the data can do.
      const field = getFieldSchema(this.child, leaf.field);
      if (field.type !== 'Column' || field.filterOperators?.has(leaf.operator)) return leaf;
      const equivalent = getEquivalentTree(
        leaf,
        field.filterOperators ?? new Set(),
        field.columnType,
        caller.timezone,
      );

      // Not expressible: let the child refuse it with its own error.
      return equivalent ?? leaf;
    });

    // Nothing replaced: the same filter (no copy through every layer of the stack).
    return conditionTree === filter.conditionTree
      ? filter
      : (filter.override({ conditionTree }) as F);
  }
}
