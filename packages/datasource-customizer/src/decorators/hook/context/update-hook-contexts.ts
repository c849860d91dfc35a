import type { Caller, Collection, Filter } from '@grove/datasource-toolkit';
import { CollectionCustomizationContext } from '../../../context/customization-context';
import type {
  TCollectionName,
  TPartialRow,
  TSchema,
  TUntypedSchema,
} from '../../../types/schema-typing';

/**
 * What a Before-Update hook receives: the (frozen) filter and the patch as the client sent it.
 * The patch is not frozen: a Before hook may change it.
 *
 * @example
 * ```ts
 * collection.addHook('Before', 'Update', context => {
 *   context.patch.updatedBy = context.caller.email;
 * });
 * ```
 */
export class HookBeforeUpdateContext<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> extends CollectionCustomizationContext {
  readonly filter: Filter;
  readonly patch: TPartialRow<S, N>;

  constructor(collection: Collection, caller: Caller, filter: Filter, patch: object) {
    super(collection, caller);
    this.filter = filter;
    Object.freeze(filter);
    this.patch = patch;
  }
}

/**
 * What an After-Update hook receives: the same filter and patch, once the update is done.
 *
 * @example
 * ```ts
 * collection.addHook('After', 'Update', async context => {
 *   await audit('update', context.patch);
 * });
 * ```
 */
export class HookAfterUpdateContext<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> extends HookBeforeUpdateContext<S, N> {}
