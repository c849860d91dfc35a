import type { ConditionTree, Operator } from '@grove/datasource-toolkit';
import type { TCollectionName, TFieldName, TSchema, TUntypedSchema } from '../types/schema-typing';

/** A condition on one field of a collection, written as plain JSON. */
export interface TConditionTreeLeaf<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> {
  readonly field: TFieldName<S, N>;
  readonly operator: Operator;
  readonly value?: unknown;
}

/** An `And` / `Or` of conditions, written as plain JSON. */
export interface TConditionTreeBranch<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> {
  readonly aggregator: 'And' | 'Or';
  readonly conditions: ReadonlyArray<TConditionTree<S, N>>;
}

/**
 * A condition tree as customization code writes it: plain JSON whose field names are checked
 * against the generated `Schema`, or a toolkit {@link ConditionTree} instance.
 *
 * @example
 * ```ts
 * const paid: TConditionTree<Schema, 'orders'> = {
 *   aggregator: 'And',
 *   conditions: [{ field: 'status', operator: 'Equal', value: 'paid' }],
 * };
 * ```
 */
export type TConditionTree<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = TConditionTreeLeaf<S, N> | TConditionTreeBranch<S, N> | ConditionTree;
