import type { PlainConditionTree } from '@grove/datasource-toolkit';
import type { CollectionCustomizationContext } from '../../context/customization-context';
import type { TCollectionName, TSchema, TUntypedSchema } from '../../types/schema-typing';
import type { TConditionTree } from '../../typings/condition-tree-typing';

/** What an operator replacer returns: a tree, or nothing to fall back to in-memory emulation. */
export type OperatorReplacement<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = TConditionTree<S, N> | PlainConditionTree | null | undefined;

/**
 * Rewrites a condition `field <operator> value` into a condition tree the collection supports.
 * The tree may use other replaced or emulated operators and relation paths (`author:name`).
 * Returning nothing falls back to in-memory emulation.
 *
 * @example
 * ```ts
 * const fullNameEquals: OperatorReplacer = (value, context) => {
 *   const [firstName, lastName] = String(value).split(' ');
 *
 *   return {
 *     aggregator: 'And',
 *     conditions: [
 *       { field: 'firstName', operator: 'Equal', value: firstName },
 *       { field: 'lastName', operator: 'Equal', value: lastName },
 *     ],
 *   };
 * };
 * ```
 */
export type OperatorReplacer<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = (
  value: unknown,
  context: CollectionCustomizationContext,
) => OperatorReplacement<S, N> | Promise<OperatorReplacement<S, N>>;
