import type { Caller, Collection } from '@grove/datasource-toolkit';
import { CollectionCustomizationContext } from '../../../context/customization-context';
import type {
  TCollectionName,
  TPartialRow,
  TSchema,
  TUntypedSchema,
} from '../../../types/schema-typing';

/**
 * What a Before-Create hook receives: the records about to be created. The array is frozen but
 * the records in it may be changed (e.g. to fill a field).
 *
 * @example
 * ```ts
 * collection.addHook('Before', 'Create', context => {
 *   for (const record of context.data) record.createdBy = context.caller.email;
 * });
 * ```
 */
export class HookBeforeCreateContext<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> extends CollectionCustomizationContext {
  readonly data: ReadonlyArray<TPartialRow<S, N>>;

  constructor(collection: Collection, caller: Caller, data: readonly unknown[]) {
    super(collection, caller);
    this.data = Object.freeze([...data]) as ReadonlyArray<TPartialRow<S, N>>;
  }
}

/**
 * What an After-Create hook receives: the records sent and the (frozen) records created.
 *
 * @example
 * ```ts
 * collection.addHook('After', 'Create', async context => {
 *   await notify(`${context.records.length} books created`);
 * });
 * ```
 */
export class HookAfterCreateContext<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> extends HookBeforeCreateContext<S, N> {
  readonly records: ReadonlyArray<TPartialRow<S, N>>;

  constructor(
    collection: Collection,
    caller: Caller,
    data: readonly unknown[],
    records: readonly unknown[],
  ) {
    super(collection, caller, data);
    this.records = Object.freeze([...records]) as ReadonlyArray<TPartialRow<S, N>>;
  }
}
