import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  type ConditionTree,
  type Operator,
} from '@grove/datasource-toolkit';

/**
 * Builds the conditions of one searched field: leaves only with the operators the field
 * supports; a negated condition also matches records where the field is missing (when the field
 * supports `Missing`).
 *
 * @example
 * ```ts
 * const builder = new SearchConditionBuilder('title', new Set(['IContains', 'Missing']));
 * builder.first(['IContains', 'Contains'], 'dune'); // title IContains 'dune'
 * ```
 */
export class SearchConditionBuilder {
  constructor(
    readonly path: string,
    private readonly operators: ReadonlySet<Operator>,
  ) {}

  supports(...operators: Operator[]): boolean {
    return operators.every(operator => this.operators.has(operator));
  }

  /** A leaf on the field, or null when the field does not support the operator. */
  leaf(operator: Operator, value?: unknown): ConditionTree | null {
    return this.supports(operator) ? new ConditionTreeLeaf(this.path, operator, value) : null;
  }

  /** A leaf with the first supported operator of the list. */
  first(operators: readonly Operator[], value?: unknown): ConditionTree | null {
    const operator = operators.find(candidate => this.supports(candidate));

    return operator ? new ConditionTreeLeaf(this.path, operator, value) : null;
  }

  /** Or of leaves; null when one of them is not supported. */
  anyOf(...leaves: Array<[Operator, unknown?]>): ConditionTree | null {
    if (!this.supports(...leaves.map(([operator]) => operator))) return null;

    return ConditionTreeFactory.union(
      ...leaves.map(([operator, value]) => new ConditionTreeLeaf(this.path, operator, value)),
    );
  }

  /** The condition for a negated term: the given one, or the field is missing. */
  orMissing(tree: ConditionTree | null): ConditionTree | null {
    if (!tree) return null;

    return this.supports('Missing')
      ? ConditionTreeFactory.union(tree, new ConditionTreeLeaf(this.path, 'Missing'))
      : tree;
  }
}
