import type {
  TCollectionName,
  TPartialRow,
  TSchema,
  TUntypedSchema,
} from '../../../types/schema-typing';
import type { WriteCustomizationContext } from './write-customization-context';

/**
 * Replaces the writing of a field: receives the value written and returns the patch to write
 * instead (other columns, relation paths as nested objects, or fields with their own handler),
 * or nothing to drop the value.
 *
 * @example
 * ```ts
 * const writeFullName: WriteDefinition = value => {
 *   const [firstName, lastName] = String(value).split(' ');
 *   return { firstName, lastName };
 * };
 * ```
 */
export type WriteDefinition<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = (
  value: unknown,
  context: WriteCustomizationContext<S, N>,
) => TPartialRow<S, N> | void | Promise<TPartialRow<S, N> | void>;
