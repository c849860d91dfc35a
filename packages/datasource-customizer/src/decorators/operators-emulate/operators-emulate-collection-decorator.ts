import {
  ConditionTreeBranch,
  ConditionTreeFactory,
  GroveError,
  PaginatedFilter,
  Projection,
  ValidationError,
  allowedOperatorsFor,
  isGroveError,
  isToOne,
  validateConditionTree,
  type Caller,
  type CollectionSchema,
  type ConditionTree,
  type ConditionTreeLeaf,
  type Filter,
  type Operator,
} from '@grove/datasource-toolkit';
import { CollectionCustomizationContext } from '../../context/customization-context';
import { toConditionTree } from '../../typings/to-condition-tree';
import { CollectionDecorator } from '../collection-decorator';
import { checkEmulableField } from './check-emulable-field';
import type { OperatorReplacer } from './operator-replacer-definition';

/**
 * Makes columns filterable with operators their data source lacks: by rewriting the condition
 * into others (`replaceFieldOperator`) or by evaluating it in memory (`emulateFieldOperator`,
 * `emulateFieldFiltering`). Emulation lists the records (restricted by the native conditions the
 * filter ANDs with, when there are some), matches the condition in the caller's timezone and
 * replaces it by a condition on the primary keys of the matches.
 *
 * @example
 * ```ts
 * const layer = new DataSourceDecorator(dataSource, OperatorsEmulateCollectionDecorator);
 * layer.getCollection('books').emulateFieldOperator('title', 'StartsWith');
 * layer.getCollection('books').replaceFieldOperator('writer', 'Equal', value => ({
 *   field: 'author:lastName', operator: 'Equal', value,
 * }));
 * ```
 */
export class OperatorsEmulateCollectionDecorator extends CollectionDecorator {
  /** Per field, the operators this layer adds: a replacer, or `null` for in-memory emulation. */
  private readonly overrides = new Map<string, Map<Operator, OperatorReplacer | null>>();

  /** Evaluates `field <operator> value` in memory. */
  emulateFieldOperator(name: string, operator: Operator): void {
    checkEmulableField(this.child, name, operator);
    this.register(name, operator, null);
  }

  /** Rewrites `field <operator> value` into the tree the replacer returns. */
  replaceFieldOperator(name: string, operator: Operator, replacer: OperatorReplacer): void {
    checkEmulableField(this.child, name, operator);
    if (typeof replacer !== 'function') {
      throw new ValidationError(
        `Cannot replace operator '${operator}' on '${this.name}.${name}': a replacer function is required`,
      );
    }
    this.register(name, operator, replacer);
  }

  /** Emulates every operator the column's type allows that the column does not support yet. */
  emulateFieldFiltering(name: string): void {
    const column = checkEmulableField(this.child, name, null);
    const native = column.filterOperators ?? new Set<Operator>();
    for (const operator of allowedOperatorsFor(column.columnType)) {
      if (!native.has(operator) && !this.overrides.get(name)?.has(operator)) {
        this.register(name, operator, null);
      }
    }
  }

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    for (const [name, operators] of this.overrides) {
      const field = schema.fields[name];
      if (field?.type === 'Column') {
        field.filterOperators = new Set([...(field.filterOperators ?? []), ...operators.keys()]);
      }
    }

    return schema;
  }

  protected override async refineFilter<F extends Filter>(caller: Caller, filter: F): Promise<F> {
    const tree = filter.conditionTree;
    if (!tree || !this.needsRewrite(tree)) return filter;

    // Conditions the whole tree ANDs with and that the child supports restrict every scan
    // (a record failing them is filtered out anyway, whatever the emulated leaf says).
    const scope =
      tree instanceof ConditionTreeBranch && tree.aggregator === 'And'
        ? ConditionTreeFactory.intersect(...tree.conditions.filter(c => !this.needsRewrite(c)))
        : null;
    const conditionTree = await this.rewriteTree(caller, tree, [], scope);

    return filter.override({ conditionTree }) as F;
  }

  private register(name: string, operator: Operator, replacer: OperatorReplacer | null): void {
    const operators = this.overrides.get(name) ?? new Map<Operator, OperatorReplacer | null>();
    operators.set(operator, replacer);
    this.overrides.set(name, operators);
    this.markSchemaAsDirty();
  }

  private needsRewrite(tree: ConditionTree): boolean {
    return tree.someLeaf(leaf => this.isOverridden(leaf.field, leaf.operator));
  }

  private isOverridden(path: string, operator: Operator): boolean {
    const index = path.indexOf(':');
    if (index === -1) return this.overrides.get(path)?.has(operator) ?? false;
    const foreign = this.foreignLayer(path.substring(0, index));

    return foreign?.isOverridden(path.substring(index + 1), operator) ?? false;
  }

  /** The same layer of the collection a to-one relation points to. */
  private foreignLayer(relationName: string): OperatorsEmulateCollectionDecorator | null {
    const relation = this.schema.fields[relationName];
    if (!isToOne(relation)) return null;
    const foreign = this.dataSource.getCollection(relation.foreignCollection);

    return foreign instanceof OperatorsEmulateCollectionDecorator ? foreign : null;
  }

  private rewriteTree(
    caller: Caller,
    tree: ConditionTree,
    stack: readonly string[],
    scope: ConditionTree | null,
  ): Promise<ConditionTree> {
    return tree.replaceLeafsAsync(leaf => this.rewriteLeaf(caller, leaf, stack, scope));
  }

  private async rewriteLeaf(
    caller: Caller,
    leaf: ConditionTreeLeaf,
    stack: readonly string[],
    scope: ConditionTree | null,
  ): Promise<ConditionTree> {
    if (!this.isOverridden(leaf.field, leaf.operator)) return leaf;

    const index = leaf.field.indexOf(':');
    if (index !== -1) {
      // Delegated to the related collection's layer; the scope is about this collection only.
      const prefix = leaf.field.substring(0, index);
      const foreign = this.foreignLayer(prefix) as OperatorsEmulateCollectionDecorator;
      const subLeaf = leaf.override({ field: leaf.field.substring(index + 1) });

      return (await foreign.rewriteLeaf(caller, subLeaf, stack, null)).nest(prefix);
    }

    const step = `${this.name}.${leaf.field}[${leaf.operator}]`;
    if (stack.includes(step)) {
      throw new ValidationError(`Operator replacement cycle: ${[...stack, step].join(' -> ')}`);
    }

    const replacer = this.overrides.get(leaf.field)?.get(leaf.operator);
    if (replacer) {
      const context = new CollectionCustomizationContext(this, caller);
      const replacement = toConditionTree(await replacer(leaf.value, context));
      // A replacer returning nothing falls back to emulation.
      if (replacement) {
        this.validateReplacement(step, replacement);

        return this.rewriteTree(caller, replacement, [...stack, step], scope);
      }
    }

    return this.emulateLeaf(caller, leaf, scope);
  }

  private validateReplacement(step: string, replacement: ConditionTree): void {
    try {
      validateConditionTree(replacement, this);
    } catch (error) {
      if (!isGroveError(error)) throw error;
      throw new GroveError(
        error.code,
        `The replacer of ${step} returned an invalid condition tree: ${error.message}`,
        { name: error.name, ...(error.data ? { data: error.data } : {}), cause: error },
      );
    }
  }

  private async emulateLeaf(
    caller: Caller,
    leaf: ConditionTreeLeaf,
    scope: ConditionTree | null,
  ): Promise<ConditionTree> {
    const records = await this.child.list(
      caller,
      new PaginatedFilter({ conditionTree: scope }),
      new Projection(leaf.field).withPks(this),
    );
    const matches = records.filter(record => leaf.match(record, this, caller.timezone));

    return ConditionTreeFactory.matchRecords(this.schema, matches);
  }
}
