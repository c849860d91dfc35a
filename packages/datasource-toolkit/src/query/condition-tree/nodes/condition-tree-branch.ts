import type { Collection } from '../../../interfaces/collection';
import type { RecordData } from '../../../interfaces/record';
import { Projection } from '../../projection';
import {
  ConditionTree,
  type AsyncLeafReplacer,
  type LeafReplacer,
  type PlainConditionTreeBranch,
} from './condition-tree';
import type { ConditionTreeLeaf } from './condition-tree-leaf';

/** How a branch combines its conditions. */
export type Aggregator = 'And' | 'Or';

/**
 * An `And` / `Or` of conditions. `Or` of nothing matches nothing; `And` of nothing matches all.
 *
 * @example
 * ```ts
 * const tree = new ConditionTreeBranch('Or', [
 *   new ConditionTreeLeaf('status', 'Equal', 'paid'),
 *   new ConditionTreeLeaf('total', 'GreaterThan', 100),
 * ]);
 * ```
 */
export class ConditionTreeBranch extends ConditionTree {
  readonly aggregator: Aggregator;
  readonly conditions: readonly ConditionTree[];

  constructor(aggregator: Aggregator, conditions: readonly ConditionTree[]) {
    super();
    this.aggregator = aggregator;
    this.conditions = conditions;
  }

  get projection(): Projection {
    return this.conditions.reduce(
      (projection, condition) => projection.union(condition.projection),
      new Projection(),
    );
  }

  inverse(): ConditionTree {
    return new ConditionTreeBranch(
      this.aggregator === 'And' ? 'Or' : 'And',
      this.conditions.map(condition => condition.inverse()),
    );
  }

  replaceLeafs(handler: LeafReplacer): ConditionTree {
    return this.withConditions(this.conditions.map(condition => condition.replaceLeafs(handler)));
  }

  async replaceLeafsAsync(handler: AsyncLeafReplacer): Promise<ConditionTree> {
    const conditions = await Promise.all(
      this.conditions.map(condition => condition.replaceLeafsAsync(handler)),
    );

    return this.withConditions(conditions);
  }

  /**
   * This branch when every condition came back unchanged (trees are immutable, so sharing is
   * safe, and a layer can tell by identity that it changed nothing), else a new branch.
   */
  private withConditions(conditions: readonly ConditionTree[]): ConditionTree {
    return conditions.every((condition, index) => condition === this.conditions[index])
      ? this
      : new ConditionTreeBranch(this.aggregator, conditions);
  }

  match(record: RecordData, collection: Collection, timezone: string): boolean {
    return this.aggregator === 'And'
      ? this.conditions.every(condition => condition.match(record, collection, timezone))
      : this.conditions.some(condition => condition.match(record, collection, timezone));
  }

  forEachLeaf(handler: (leaf: ConditionTreeLeaf) => void): void {
    this.conditions.forEach(condition => condition.forEachLeaf(handler));
  }

  everyLeaf(handler: (leaf: ConditionTreeLeaf) => boolean): boolean {
    return this.conditions.every(condition => condition.everyLeaf(handler));
  }

  someLeaf(handler: (leaf: ConditionTreeLeaf) => boolean): boolean {
    return this.conditions.some(condition => condition.someLeaf(handler));
  }

  toJSON(): PlainConditionTreeBranch {
    return {
      aggregator: this.aggregator,
      conditions: this.conditions.map(condition => condition.toJSON()),
    };
  }
}
