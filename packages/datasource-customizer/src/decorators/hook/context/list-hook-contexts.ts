import type { Caller, Collection, PaginatedFilter, Projection } from '@grove/datasource-toolkit';
import { CollectionCustomizationContext } from '../../../context/customization-context';
import type {
  TCollectionName,
  TPartialRow,
  TSchema,
  TUntypedSchema,
} from '../../../types/schema-typing';

/**
 * What a Before-List hook receives: the (frozen) filter and projection of the request.
 *
 * @example
 * ```ts
 * collection.addHook('Before', 'List', context => {
 *   if (context.projection.includes('salary')) context.throwForbiddenError('Salaries are private');
 * });
 * ```
 */
export class HookBeforeListContext extends CollectionCustomizationContext {
  readonly filter: PaginatedFilter;
  readonly projection: Projection;

  constructor(
    collection: Collection,
    caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
  ) {
    super(collection, caller);
    this.filter = filter;
    Object.freeze(filter);
    this.projection = projection;
    Object.freeze(projection);
  }
}

/**
 * What an After-List hook receives: the request and the (frozen) list of records returned.
 *
 * @example
 * ```ts
 * collection.addHook('After', 'List', async context => {
 *   await audit(context.caller.email, context.records.length);
 * });
 * ```
 */
export class HookAfterListContext<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> extends HookBeforeListContext {
  readonly records: ReadonlyArray<TPartialRow<S, N>>;

  constructor(
    collection: Collection,
    caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
    records: readonly unknown[],
  ) {
    super(collection, caller, filter, projection);
    this.records = Object.freeze([...records]) as ReadonlyArray<TPartialRow<S, N>>;
  }
}
