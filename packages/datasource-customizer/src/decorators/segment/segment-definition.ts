import type { PlainConditionTree } from '@grove/datasource-toolkit';
import type { CollectionCustomizationContext } from '../../context/customization-context';
import type { TCollectionName, TSchema, TUntypedSchema } from '../../types/schema-typing';
import type { TConditionTree } from '../../typings/condition-tree-typing';

/** The condition a segment restricts records to. */
export type SegmentCondition<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = TConditionTree<S, N> | PlainConditionTree;

/**
 * A segment: a condition tree, or a function of the request's context returning one (it may
 * query the data source).
 *
 * @example
 * ```ts
 * const bestSellers: SegmentDefinition = async context => {
 *   const rows = await context.collection.aggregate(
 *     {},
 *     { operation: 'Count', groups: [{ field: 'id' }] },
 *     10,
 *   );
 *
 *   return { field: 'id', operator: 'In', value: rows.map(row => row.group.id) };
 * };
 * ```
 */
export type SegmentDefinition<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> =
  | SegmentCondition<S, N>
  | ((
      context: CollectionCustomizationContext,
    ) => SegmentCondition<S, N> | null | Promise<SegmentCondition<S, N> | null>);
