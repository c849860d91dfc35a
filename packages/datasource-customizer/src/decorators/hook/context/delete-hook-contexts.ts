import type { Caller, Collection, Filter } from '@grove/datasource-toolkit';
import { CollectionCustomizationContext } from '../../../context/customization-context';

/**
 * What a Before-Delete hook receives: the (frozen) filter of the records to delete.
 *
 * @example
 * ```ts
 * collection.addHook('Before', 'Delete', async context => {
 *   const [{ value }] = await context.collection.aggregate(context.filter, { operation: 'Count' });
 *   if ((value as number) > 10) context.throwForbiddenError('Delete at most 10 records at once');
 * });
 * ```
 */
export class HookBeforeDeleteContext extends CollectionCustomizationContext {
  readonly filter: Filter;

  constructor(collection: Collection, caller: Caller, filter: Filter) {
    super(collection, caller);
    this.filter = filter;
    Object.freeze(filter);
  }
}

/**
 * What an After-Delete hook receives: the same filter, once the records are deleted.
 *
 * @example
 * ```ts
 * collection.addHook('After', 'Delete', async context => {
 *   await audit('delete', context.filter.conditionTree?.toJSON());
 * });
 * ```
 */
export class HookAfterDeleteContext extends HookBeforeDeleteContext {}
